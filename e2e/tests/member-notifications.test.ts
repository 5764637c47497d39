import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage, toastSays } from '../support/browser';
import { DEMO_ADMIN, newAdministrator } from '../support/admins';
import { MEMBER_PASSWORD, sponsorWithTwoFriends } from '../support/members';

/** The sponsor of two paying friends, on a 360 px phone: the bell counts what happened, the list says it. */
describe('member notifications at 360 px', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows the unread count in the top bar and the events in the list, then marks them read', async () => {
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main', [
      'Amaka Sponsor',
      'Bola Adewale',
      'Chidi Eze',
    ]);
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const problems = watchPage(page);

    await page.goto(`${baseURL}/mainsignin`);
    await page.locator('#boot-loader').waitFor({ state: 'detached' });
    await page.getByLabel('Email').fill(sponsor.email);
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await toastSays(page, 'Successful!');
    await page.waitForURL('**/maindashboard');

    const bell = page.getByTestId('notification-bell');
    await expect.poll(() => page.getByTestId('notification-count').textContent()).toBe('4');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 4 unread');
    if (process.env.NOTIFY_SHOTS)
      await page.screenshot({ path: `${process.env.NOTIFY_SHOTS}/dashboard-bell-360.png` });

    await bell.click();
    await page.waitForURL('**/mainnotifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const list = page.getByTestId('notifications-list');
    await list.waitFor();
    expect(await page.getByTestId('notifications-unread').textContent()).toBe('4 unread');
    const titles = await list.getByRole('heading', { level: 2 }).allTextContents();
    expect(titles.map((t) => t.replace(/^Unread: /, ''))).toEqual([
      'You reached Associate',
      'Referral bonus credited: ₦10,000',
      'Referral bonus credited: ₦10,000',
      'Payment received: ₦50,000',
    ]);
    const text = (await list.textContent()) ?? '';
    expect(text).toContain('Referral bonus from Bola Adewale');
    expect(text).toContain('Referral bonus from Chidi Eze');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (process.env.NOTIFY_SHOTS)
      await page.screenshot({ path: `${process.env.NOTIFY_SHOTS}/notifications-360.png`, fullPage: true });

    // Opened: the bell has nothing more to count.
    await expect.poll(() => page.getByTestId('notification-count').count()).toBe(0);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    // The page's own link (the sidebar's is in the closed drawer at this width).
    await page.getByRole('main').getByRole('link', { name: 'Mail Settings' }).click();
    await page.waitForURL('**/mainmailsettings');
    const security = page.getByLabel(/Security/);
    await security.waitFor();
    expect(await security.isChecked()).toBe(true);
    expect(await security.isDisabled()).toBe(true);
    const bonuses = page.getByLabel(/Bonuses and promotions/);
    // The box shows what the server saved, so it turns off once the answer is back (not at the click itself).
    await bonuses.click();
    await page.getByText('Your mail settings are saved.').waitFor();
    expect(await bonuses.isChecked()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (process.env.NOTIFY_SHOTS)
      await page.screenshot({ path: `${process.env.NOTIFY_SHOTS}/mail-settings-360.png`, fullPage: true });
    if (process.env.NOTIFY_SHOTS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `${process.env.NOTIFY_SHOTS}/mail-settings-1280.png`, fullPage: true });
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notifications-list').waitFor();
      await page.screenshot({ path: `${process.env.NOTIFY_SHOTS}/notifications-1280.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
  });

  it('shows administrators the mail queue: failed mails first, and what was sent', async () => {
    // An administrator of its own (made and approved with kept tokens): the demo administrator's sign-ins are limited and shared by every file.
    // Invited at an address of its own (decision 0038: a member account is never made an administrator), before the
    // member pays, so the mails of the invitation come before the member's on the newest-first list.
    const { email: adminEmail, password: adminPassword } = await newAdministrator(
      baseURL,
      DEMO_ADMIN,
      'Mails Admin',
    );
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main', [
      'Dupe Sponsor',
      'Efe Okoro',
      'Funke Ade',
    ]);
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const problems = watchPage(page);
    await page.goto(`${baseURL}/admin`);
    await page.locator('#boot-loader').waitFor({ state: 'detached' });
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await toastSays(page, 'Login Successful!');
    await page.waitForURL('**/admindashboard');
    await page.goto(`${baseURL}/adminmails`);
    await page.getByRole('heading', { level: 1, name: 'Mails' }).waitFor();
    await page.getByText('No mail has failed.').waitFor();
    await page.getByRole('button', { name: 'Sent' }).click();
    const sent = page.getByTestId('queued-mail').filter({ hasText: sponsor.email });
    await expect.poll(() => sent.count()).toBe(5); // the confirmation, the receipt, two referral bonuses, the promotion
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (process.env.NOTIFY_SHOTS) {
      await page.screenshot({ path: `${process.env.NOTIFY_SHOTS}/admin-mails-360.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `${process.env.NOTIFY_SHOTS}/admin-mails-1280.png` });
    }
    expect(problems).toEqual([]);
  });
});
