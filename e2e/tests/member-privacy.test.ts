import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { PRIVACY_NOTICE_VERSION } from '@coop/core/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPERATOR_ADMIN, signInOnAdminPage } from '../support/admins';
import { launchBrowser, watchPage } from '../support/browser';
import { MEMBER_PASSWORD, paidMember } from '../support/members';

/**
 * A member's personal data on a 360 px phone: the privacy notice; My Data shows what is held and downloads it as a zip; the Close
 * Account screen says what happens to the data after closure and takes the ask to erase it; the operator's
 * Personal Data screen then lists the ask.
 */
describe('my data and erasure on a phone', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let email: string;

  beforeAll(async () => {
    ({ email } = await paidMember(baseURL, 'main', 'Privacy Person'));
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, acceptDownloads: true });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${baseURL}/mainsignin`);
    await page.locator('html[data-running]').waitFor({ state: 'attached' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`**/maindashboard`);
  }, 180_000);
  afterAll(async () => browser?.close());

  it('the privacy notice is served rendered, linked from the footer and the sign-up form, with its version', async () => {
    const html = await (await fetch(`${baseURL}/privacy`)).text();
    expect(html).toContain('Privacy Notice');
    expect(html).toContain(`Version ${PRIVACY_NOTICE_VERSION}`);
    expect(html).toContain('Our data protection officer is The Data Protection Officer: <a class="font-semibold text-brand-800 underline" href="mailto:support@example.com">');
    await page.goto(`${baseURL}/mainsignup`);
    expect(await page.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy', exact: true }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { name: 'Privacy Notice', level: 1 }).waitFor();
    for (const part of ['Who we are', 'What we collect, why, and for how long', 'Who processes it for us', 'Your rights, and how to use them'])
      await page.getByRole('region', { name: part }).waitFor();
    expect(await page.getByRole('region', { name: 'Who processes it for us' }).textContent()).toContain('Paystack');
    expect(await page.getByRole('region', { name: 'What we collect, why, and for how long' }).textContent()).toContain('12 months');
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
    expect(await page.getByRole('region', { name: 'Your records' }).textContent()).toMatch(/Payments\s*1/);
    await page.screenshot({ path: 'screenshots/member-my-data-360.png', fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data (zip)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-main-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.includes(Buffer.from('my-data.json'))).toBe(true);
    await page.getByText(/^Saved my-data-main-/).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  it('Close Account says what happens to the personal data after closure and takes the ask to erase it', async () => {
    await page.goto(`${baseURL}/mainclose`);
    const notice = page.getByTestId('erasure-notice');
    await notice.waitFor();
    // The period comes with the site's settings, which may arrive after the notice is first drawn.
    await notice.filter({ hasText: 'we keep your name, contact and bank details for 6 years' }).waitFor();
    await page.getByRole('button', { name: 'Erase my personal data after closure' }).click();
    await notice.getByRole('status').filter({ hasText: 'You asked on' }).waitFor();
    expect(await notice.textContent()).toContain('Records of your payments, bonuses and payouts stay in our books');
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
  });
});
