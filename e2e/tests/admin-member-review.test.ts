import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, approveAsChecker, DEMO_ADMIN } from '../support/admins';
import { launchBrowser, settled, toastSays, watchPage } from '../support/browser';
import { api, MEMBER_PASSWORD, paidMember, sponsorWithTwoFriends } from '../support/members';

const ADMIN = { email: 'admin@example.com', password: 'demo-admin-password' };

/** The member record, suspension and fraud-flag review (issue 13) in Chromium against the built platform. */
describe('admin member record and review', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  const open = async (page: Page, path: string) => {
    await page.goto(baseURL + path);
    await settled(page);
  };
  const adminPage = async (width: number) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const problems = watchPage(page);
    await open(page, '/admin');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await toastSays(page, 'Login Successful!');
    await page.waitForURL(`${baseURL}/admindashboard`);
    return { page, problems };
  };
  const saveBankDetails = (token: string, accountNumber: string) =>
    api(baseURL, '/api/auth/register', {
      method: 'POST',
      token,
      body: { type: 'savings', accountNumber, accountName: 'SANDBOX TEST ACCOUNT', bankCode: '058' },
    });
  /** The member's own sign-in page; answers the text of the popup it shows. */
  const memberSignIn = async (email: string) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await open(page, '/mainsignin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    // A refusal waits in a popup; a success is a toast while the page moves on.
    const popup = page.getByRole('dialog').or(page.getByTestId('toast'));
    await popup.waitFor();
    const text = (await popup.textContent()) ?? '';
    await page.close();
    return text;
  };

  it('opens a member record from the search (wallet history, masked bank details, matrix), suspends the member, who cannot sign in and is told why, and reinstates them', async () => {
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main', [
      'Kemi Adeyemi-Record',
      'Femi Ola',
      'Gbenga Obi',
    ]);
    await saveBankDetails(sponsor.token, '0234567891');
    const { page, problems } = await adminPage(1280);

    // The top bar's search leads to the users list, whose row opens the record.
    await page.getByLabel('Search users').fill('Adeyemi-Record');
    await page.getByLabel('Search users').press('Enter');
    await page.waitForURL(`${baseURL}/mainuser?search=Adeyemi-Record`);
    await page.getByRole('link', { name: 'Record of Kemi Adeyemi-Record' }).click();
    await page.getByRole('heading', { level: 1, name: /Kemi Adeyemi-Record/ }).waitFor();

    const wallet = page.getByTestId('record-wallet');
    await expect.poll(() => wallet.getByTestId('wallet-line').count()).toBeGreaterThanOrEqual(2);
    expect(await wallet.textContent()).toContain('Referral bonus from Femi Ola');
    const bank = page.getByTestId('record-bank');
    expect(await bank.locator('[data-fact="Account number"]').textContent()).toBe('******7891');
    expect(await bank.textContent()).toContain('Confirmed with the bank');
    expect(await page.content()).not.toContain('0234567891');
    await expect.poll(() => page.getByTestId('record-matrix').getByTestId('matrix-node').count()).toBe(3);
    expect(await page.getByTestId('record-network').getByTestId('direct-referral').allTextContents()).toEqual(
      [expect.stringContaining('Femi Ola'), expect.stringContaining('Gbenga Obi')],
    );
    await page.screenshot({ path: 'screenshots/admin-member-record-1280.png', fullPage: true });

    // Suspend, with a reason the member is told and a note kept for the record.
    await page.getByLabel('Reason (the member is told this)').selectOption('breach_of_terms');
    await page
      .getByLabel('Note for the record (not shown to the member)')
      .fill('Sold matrix places on a forum, screenshots kept');
    await page.getByRole('button', { name: 'Suspend the account' }).click();
    // Nothing is sent before the administrator confirms, with the member named.
    const question = page.getByRole('group', { name: /^Suspend Kemi Adeyemi-Record/ });
    expect(await question.textContent()).toContain('a breach of the terms and conditions');
    expect(await page.getByTestId('record-status').getByTestId('status-change').count()).toBe(0);
    await question.getByRole('button', { name: 'Yes, suspend' }).click();
    await page.getByRole('heading', { name: 'Reinstate' }).waitFor();
    expect(
      await page.getByTestId('record-status').getByTestId('status-change').first().textContent(),
    ).toContain('active → suspended');

    const refused = await memberSignIn(sponsor.email);
    expect(refused).toContain('Your account is suspended because of a breach of the terms and conditions');
    expect(refused).toContain('support@example.com');

    await page.getByLabel('Note for the record').fill('Took the posts down and apologised in writing');
    await page.getByRole('button', { name: 'Reinstate the account' }).click();
    await page.getByRole('heading', { name: 'Suspend', exact: true }).waitFor();
    expect(await memberSignIn(sponsor.email)).toContain('Successful!');

    // The audit log filtered by this member, from the record's link and by typing the email, at 1280 and 360 px.
    await page.getByRole('link', { name: 'Open in the audit log, with filters' }).click();
    await page.waitForURL(/\/adminaudit\?member=/);
    const entries = page.getByTestId('audit-entry');
    await page.getByTestId('audit-count').waitFor();
    const shown = await entries.allTextContents();
    // The suspension and the reinstatement at least, each about this member and no one else.
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const text of shown) expect(text).toContain(sponsor.email);
    expect(shown.filter((t) => /account (suspended|reinstated)/i.test(t))).toHaveLength(2);
    expect(await page.getByTestId('audit-count').textContent()).toBe(
      `${shown.length} entries match these filters`,
    );
    await page.screenshot({ path: 'screenshots/admin-audit-member-1280.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await open(page, '/adminaudit');
    await page.getByLabel('Member', { exact: true }).fill(sponsor.email);
    await page.getByLabel('Action', { exact: true }).selectOption('account_suspended');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/action=account_suspended/);
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain(sponsor.email);
    expect(await entries.first().textContent()).toMatch(/account suspended/i);
    // Nothing spills past the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'screenshots/admin-audit-member-360.png', fullPage: true });
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(2);
    expect(problems).toEqual([]);
  });

  it('flags a referral who shares the sponsor’s bank account; the payout preview holds them until the flag is cleared', async () => {
    const sponsor = await paidMember(baseURL, 'main', 'Tola Sponsor-Bank');
    const referral = await paidMember(baseURL, 'main', 'Uche Referral-Bank', sponsor.referralCode);
    for (const name of ['Vera One', 'Wale Two'])
      await paidMember(baseURL, 'main', name, referral.referralCode);
    await saveBankDetails(sponsor.token, '0345678912');
    await saveBankDetails(referral.token, '0345678912');
    const { page, problems } = await adminPage(360);

    await open(page, '/adminflags');
    const flag = page.getByTestId('fraud-flag').filter({ hasText: 'Uche Referral-Bank' });
    await flag.waitFor();
    expect(await flag.textContent()).toContain('Same bank account number as the sponsor');
    expect(await flag.textContent()).toContain('Tola Sponsor-Bank');
    await page.screenshot({ path: 'screenshots/admin-flags-360.png', fullPage: true });
    // The flag is on the referral's record too, with the sponsor it concerns.
    await flag.getByRole('link', { name: 'Uche Referral-Bank' }).click();
    await page.getByRole('heading', { level: 1, name: /Uche Referral-Bank/ }).waitFor();
    expect(await page.getByTestId('record-flags').getByTestId('fraud-flag').textContent()).toContain(
      'Tola Sponsor-Bank',
    );
    await page.screenshot({ path: 'screenshots/admin-member-record-360.png', fullPage: true });
    await open(page, '/admininactive');
    await page.screenshot({ path: 'screenshots/admin-inactive-360.png', fullPage: true });

    const preview = async () => {
      await open(page, '/adminpayouts');
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByTestId('payout-preview').waitFor();
      return page.getByTestId('payout-preview');
    };
    let shown = await preview();
    expect(
      await shown.getByTestId('skipped-payee').filter({ hasText: referral.email }).textContent(),
    ).toContain('Fraud signal waiting for an administrator’s review');

    await open(page, '/adminflags');
    await flag
      .getByLabel('What you checked (kept in the audit log)')
      .fill('Called both: mother and son, one household account');
    await flag.getByRole('button', { name: 'Clear the flag' }).click();
    await expect.poll(() => flag.count()).toBe(0);

    shown = await preview();
    await expect
      .poll(() => shown.getByTestId('skipped-payee').filter({ hasText: referral.email }).count())
      .toBe(0);
    expect(await shown.textContent()).toContain(referral.email);
    expect(problems).toEqual([]);
  });

  it('on a phone, closes an account for a legal request: the screen says the money is held, a second administrator approves, the member is told why', async () => {
    const member = await paidMember(baseURL, 'main', 'Ruth Closure-Legal');
    await saveBankDetails(member.token, '0345678912');
    const token = await adminToken(baseURL, DEMO_ADMIN);
    const found = await api<{ mainUsers: { id: string }[] }>(
      baseURL,
      '/api/admin/viewMainUser?search=Closure-Legal',
      { token },
    );
    const { page, problems } = await adminPage(360);
    await open(page, `/adminmember/${found.mainUsers[0]!.id}`);
    const form = page.getByTestId('close-account-form');
    await form.getByLabel('Reason for closing (the member is told this)').selectOption('legal_request');
    expect(await form.getByTestId('closure-money').textContent()).toContain('are held');
    await form
      .getByLabel('What led to the closure, for the record (not shown to the member)')
      .fill('A court order names this account; the court asked us to keep its money');
    await form.getByRole('button', { name: 'Close the account' }).click();
    expect(await toastSays(page, 'Waiting for approval')).toContain('Ruth Closure-Legal');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Nothing moved yet: the member still signs in.
    expect(await memberSignIn(member.email)).not.toContain('closed');
    await approveAsChecker(baseURL, 'close_account', (a) => a.summary.includes('Ruth Closure-Legal'));
    await page.reload();
    await settled(page);
    expect(await page.getByTestId('closed-money').textContent()).toContain('are held');
    expect(await memberSignIn(member.email)).toContain('This account is closed');
    expect(problems).toEqual([]);
    await page.close();
  });
});
