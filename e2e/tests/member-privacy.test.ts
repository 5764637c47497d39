import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { PRIVACY_NOTICE_VERSION } from '@coop/core/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPERATOR_ADMIN, signInOnAdminPage } from '../support/admins';
import { launchBrowser, lookAt, watchPage } from '../support/browser';
import { pay, signIn, signInOnMainPage, signUpAndConfirm } from '../support/members';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * A member's personal data on a 360 px phone: the privacy notice; My Data shows what is held, downloads it as a zip and
 * takes a correction of the name, phone and address; the Close Account screen says what happens to the data after
 * closure and takes the ask to erase it; the operator's Personal Data screen then lists the ask, and the Privacy
 * Registers hold the member's requests and a breach with its 72-hour deadline.
 */
describe('my data and erasure on a phone', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let email: string;

  beforeAll(async () => {
    // Signed up from a cheap Android phone's Chrome, then confirmed, signed in and paid as paidMember does.
    email = await signUpAndConfirm(baseURL, 'main', 'Privacy Person', undefined, ANDROID_CHROME);
    await pay(baseURL, 'main', email, (await signIn(baseURL, 'main', email)).token);
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    problems = watchPage(page);
    await signInOnMainPage(page, baseURL, email);
  });
  afterAll(async () => browser?.close());

  it('the privacy notice is served rendered, linked from the footer and the sign-up form, with its version', async () => {
    const html = await (await fetch(`${baseURL}/privacy`)).text();
    expect(html).toContain('Privacy Notice');
    expect(html).toContain(`Version ${PRIVACY_NOTICE_VERSION}`);
    expect(html).toContain(
      'Our data protection officer is The Data Protection Officer: <a class="font-semibold text-brand-800 underline" href="mailto:support@example.com">',
    );
    await page.goto(`${baseURL}/mainsignup`);
    expect(await page.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy', exact: true }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { name: 'Privacy Notice', level: 1 }).waitFor();
    for (const part of [
      'Who we are',
      'What we collect, why, and for how long',
      'Who processes it for us',
      'Your rights, and how to use them',
    ])
      await page.getByRole('region', { name: part }).waitFor();
    expect(await page.getByRole('region', { name: 'Who processes it for us' }).textContent()).toContain(
      'Paystack',
    );
    expect(
      await page.getByRole('region', { name: 'What we collect, why, and for how long' }).textContent(),
    ).toContain('12 months');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'screenshots/public-privacy-360.png', fullPage: true });
  });

  it('My Data shows what is held and downloads it as a zip', async () => {
    await page.goto(`${baseURL}/maindata`);
    const about = page.getByRole('region', { name: 'About you' });
    await about.waitFor();
    expect(await page.title()).toMatch(/^My Data \|/);
    expect(await about.textContent()).toContain(email);
    expect(await about.textContent()).toContain('Privacy Person');
    // Where the member signed up from, in words the server made from the browser's string (issue 38).
    expect(await about.textContent()).toContain('Signed up fromChrome on Android, from the address 172.');
    expect(await page.getByRole('region', { name: 'Your records' }).textContent()).toMatch(/Payments\s*1/);
    // The privacy notice is in the member's own menu, not only behind the public footer.
    const menu = page.getByRole('navigation', { name: 'Member area' });
    expect(
      await menu.getByRole('link', { name: 'Privacy Notice', includeHidden: true }).getAttribute('href'),
    ).toBe('/privacy');
    await page.screenshot({ path: 'screenshots/member-my-data-360.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-main-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.includes(Buffer.from('my-data.json'))).toBe(true);
    await page.getByText(/^Saved my-data-main-/).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  it('My Data takes a correction of the name, phone and address, and the greeting reads the new name', async () => {
    await page.goto(`${baseURL}/maindata`);
    const form = page.getByRole('form', { name: 'Correct your details' });
    await form.waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe(email);
    await form.getByLabel('Phone').fill('0803-CALL');
    await form.getByLabel('Address').fill('');
    await form.getByRole('button', { name: 'Save my details' }).click();
    await form.getByText('Phone number is not valid').waitFor();
    await form.getByText('Enter a valid address').waitFor();
    await form.getByLabel('Full names').fill('Privacy Person-Corrected');
    await form.getByLabel('Phone').fill('08091234567');
    await form.getByLabel('Address').fill('7 Marina Road, Lagos Island');
    await form.getByRole('button', { name: 'Save my details' }).click();
    await form
      .getByRole('status')
      .filter({
        hasText:
          'Your name, phone number and address are changed. A notice went to your email address on file.',
      })
      .waitFor();
    await page
      .getByTestId('member-greeting')
      .filter({ hasText: 'WELCOME, Privacy Person-Corrected!' })
      .waitFor();
    await page
      .getByRole('region', { name: 'About you' })
      .filter({ hasText: '7 Marina Road, Lagos Island' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // A full-page shot taken while scrolled draws the sticky header mid-page: from the top it stays on top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'screenshots/member-my-data-correction-360.png', fullPage: true });
    expect(problems).toEqual([]);
  });

  it('Close Account says what happens to the personal data after closure and takes the ask to erase it', async () => {
    await page.goto(`${baseURL}/mainclose`);
    const notice = page.getByTestId('erasure-notice');
    await notice.waitFor();
    // The period comes with the site's settings, which may arrive after the notice is first drawn.
    await notice.filter({ hasText: 'we keep your name, contact and bank details for 6 years' }).waitFor();
    await page.getByRole('button', { name: 'Erase my personal data after closure' }).click();
    await notice.getByRole('status').filter({ hasText: 'You asked on' }).waitFor();
    expect(await notice.textContent()).toContain(
      'Records of your payments, bonuses and payouts stay in our books',
    );
    await page.screenshot({ path: 'screenshots/member-close-erasure-360.png', fullPage: true });
    expect(problems).toEqual([]);
  });

  it('the operator’s Personal Data screen lists the ask, waiting for the closure', async () => {
    const admin = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await signInOnAdminPage(admin, baseURL, OPERATOR_ADMIN);
    await admin.goto(`${baseURL}/adminpersonaldata`);
    const card = admin.getByTestId('erasure').filter({ hasText: email });
    await card.waitFor();
    expect(await card.textContent()).toContain('Asked; account not closed yet');
    await admin.screenshot({ path: 'screenshots/admin-personal-data-360.png', fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.screenshot({ path: 'screenshots/admin-personal-data-1280.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseURL}/maindata`);
    await page.getByRole('region', { name: 'About you' }).waitFor();
    await page.screenshot({ path: 'screenshots/member-my-data-1280.png', fullPage: true });
    await admin.close();
  });

  it('the Privacy Registers hold the member’s requests, take one received by letter, and a breach with the time left to tell the Commission', async () => {
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const adminProblems = watchPage(admin);
    await signInOnAdminPage(admin, baseURL, OPERATOR_ADMIN);
    await admin.goto(`${baseURL}/adminprivacyregisters`);
    await admin.getByRole('heading', { name: 'Privacy Registers', level: 1 }).waitFor();
    const mine = admin.getByTestId('privacy-request').filter({ hasText: email });
    // The download, the correction and the erasure request above were entered by the platform.
    await mine.filter({ hasText: 'Erasure' }).waitFor();
    expect(await mine.count()).toBe(3);
    expect(await mine.filter({ hasText: 'Correction' }).textContent()).toContain(
      'Corrected in the member area: name, phone number, address',
    );

    const entry = admin.getByRole('form', { name: 'Enter a request received by mail, letter or phone' });
    await entry.getByLabel('What the member asks for').selectOption('objection');
    await entry.getByLabel('Received on').fill('2026-11-20T09:30');
    await entry.getByLabel('Who asked (name, email or phone)').fill('Kemi Letter, 08031112222');
    await entry.getByLabel('What they wrote').fill('Objects to sign-up checks');
    await entry.getByRole('button', { name: 'Enter the request' }).click();
    const letter = admin.getByTestId('privacy-request').filter({ hasText: 'Kemi Letter' });
    await letter.waitFor();
    expect(await letter.textContent()).toMatch(/answer due 20 Dec 2026/);

    const breach = admin.getByRole('form', { name: 'Record a breach' });
    const found = new Date(Date.now() - 60 * 3_600_000);
    const local = new Date(found.getTime() - found.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await breach.getByLabel('Found at').fill(local);
    await breach.getByLabel('How many members').fill('12');
    await breach.getByLabel('What happened').fill('A copy of the payout file was sent to a wrong address.');
    await breach.getByLabel('Kinds of data reached').fill('names and bank account numbers');
    await breach.getByRole('button', { name: 'Record the breach' }).click();
    const card = admin.getByTestId('breach').filter({ hasText: 'wrong address' });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/1[12] h \d+ min left/);
    await card.getByRole('button', { name: 'Mail the affected members' }).click();
    const notice = card.getByRole('form', { name: 'Mail the affected members' });
    await notice.getByLabel('Affected members’ email addresses (one a line)').fill(email);
    await notice
      .getByLabel('What we did')
      .fill('We asked the receiver to delete it and checked that they did.');
    await notice
      .getByLabel('What the members should do')
      .fill('Watch your bank account for payments you do not know.');
    await notice.getByRole('button', { name: 'Mail the notice' }).click();
    await notice.getByRole('status').filter({ hasText: 'The notice is on its way to 1 member.' }).waitFor();
    await card.filter({ hasText: '(1 mailed)' }).waitFor();
    await admin.evaluate(() => window.scrollTo(0, 0));
    await lookAt(admin, 'admin-privacy-registers');
    await admin.setViewportSize({ width: 360, height: 780 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await admin.screenshot({ path: 'screenshots/admin-privacy-registers-360.png', fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.evaluate(() => window.scrollTo(0, 0));
    await admin.screenshot({ path: 'screenshots/admin-privacy-registers-1280.png', fullPage: true });
    expect(adminProblems).toEqual([]);
  });
});
