import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, lookAt, watchPage, toastSays } from '../support/browser';
import { adminToken, approveAsChecker, PAYOUT_ADMIN, signInOnAdminPage } from '../support/admins';
import { api, sponsorWithTwoFriends, signInOnMainPage } from '../support/members';

interface RunDetail {
  status: string;
  total: string;
  paid: string;
  payouts: { fullName: string; status: string; attempt: number; amount: string }[];
}

/**
 * A month's transfer run where one member's bank refuses the transfer: the run says needs_attention with the
 * bank's reason and what to do; the member corrects the bank details; the administrator retries from the run's
 * page; the member is paid once and the run is completed.
 */
describe('a payout run that needs attention', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('shows the failed payout with its reason, and Retry pays it once in its own run', async () => {
    // A Main sponsor with two paid friends; the bank confirms the details, but transfers to numbers ending in 9 fail.
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main', [
      'Emeka Nwosu',
      'Funmi Ade',
      'Gbenga Ola',
    ]);
    const saveBank = (accountNumber: string) =>
      api(baseURL, '/api/auth/register', {
        method: 'POST',
        token: sponsor.token,
        body: { type: 'savings', accountNumber, accountName: 'SANDBOX TEST ACCOUNT', bankCode: '058' },
      });
    // Account numbers of this test alone: the fraud rules flag (and hold) accounts that share one with another test's member.
    const digits = String(Date.now()).slice(-8);
    const failing = `1${digits}9`;
    const corrected = `1${digits}1`;
    await saveBank(failing);
    const walletBefore = (
      await api<{ wallet: string }>(baseURL, '/api/me?programme=main', { token: sponsor.token })
    ).wallet;
    expect(Number(walletBefore)).toBeGreaterThan(0);
    const token = await adminToken(baseURL, PAYOUT_ADMIN);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, PAYOUT_ADMIN);

    // Preview and run a month of its own (long past, so no other test's run is disturbed), by bank transfer.
    await page.goto(`${baseURL}/adminpayouts`);
    const choice = page.locator('form').filter({ has: page.getByRole('button', { name: 'Preview' }) });
    await choice.getByLabel('Programme').selectOption('main');
    await choice.getByLabel('Month').fill('2020-01');
    await choice.getByLabel('Pay by').selectOption('transfer');
    await choice.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('payout-preview').waitFor();
    await page.getByRole('button', { name: 'Run this payout' }).click();
    await page.getByRole('button', { name: 'Yes, ask for approval' }).click();
    // Running a payout waits for a second administrator (two-person approval); then the run starts.
    await page
      .getByRole('status')
      .filter({ hasText: /approv/i })
      .waitFor();
    await approveAsChecker(baseURL, 'payout_run');
    const runs = await api<{ items: { id: number; period: string }[] }>(
      baseURL,
      '/api/admin/payouts/runs?programme=main',
      { token },
    );
    const runId = runs.items.find((r) => r.period === '2020-01')!.id;
    await page.goto(`${baseURL}/adminpayouts/${runId}`);

    // The transfer fails: the run says so in a warning, with the bank's reason and what to do.
    const attention = page.getByTestId('run-attention');
    await attention.waitFor({ timeout: 30_000 });
    await page.locator('[data-status="needs_attention"]').first().waitFor();
    const item = page.getByTestId('attention-payout').filter({ hasText: 'Emeka Nwosu' });
    expect(await item.textContent()).toContain('The bank did not pay this account');
    expect(await item.textContent()).toContain(
      'The bank details are unchanged since this transfer. If the bank refused the account, ask the member to check them',
    );
    expect(
      await api<{ wallet: string }>(baseURL, '/api/me?programme=main', { token: sponsor.token }),
    ).toMatchObject({ wallet: walletBefore });
    await lookAt(page, 'payout-needs-attention');

    // The member corrects the bank details on their own bank page; the administrator sees it and retries.
    const memberContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const member = await memberContext.newPage();
    const memberProblems = watchPage(member);
    await signInOnMainPage(member, baseURL, sponsor.email);
    await member.goto(`${baseURL}/mainbankdetails`);
    await member.getByRole('button', { name: 'Change bank details' }).click();
    await member.getByLabel('Account type').selectOption('savings');
    await member.getByLabel('Account number').fill(corrected);
    await member.getByLabel('Account name').fill('SANDBOX TEST ACCOUNT');
    await member.getByLabel('Bank', { exact: true }).selectOption('058');
    await member.getByRole('button', { name: 'Submit' }).click();
    await toastSays(member, 'Successful!');
    // The confirmation moves on to the update page; back on the bank page the corrected, confirmed details show masked.
    await member.waitForURL('**/mainupdatesuccess');
    await member.goto(`${baseURL}/mainbankdetails`);
    await member.getByText('Your confirmed bank details').waitFor();
    expect(await member.getByTestId('saved-bank-details').textContent()).toContain(
      `••••••${corrected.slice(-4)}`,
    );
    expect(memberProblems).toEqual([]);
    await memberContext.close();
    await page.reload();
    await page
      .getByTestId('attention-payout')
      .filter({ hasText: 'Emeka Nwosu' })
      .getByText('The member has corrected the bank details since: retry to pay them today.')
      .waitFor();
    await page.getByRole('button', { name: /^Retry: pay the \d+ failed payouts? again$/ }).click();
    await page.getByRole('button', { name: 'Yes, retry' }).click();
    // The details were saved after the run was approved: the retry waits for a second administrator.
    expect(await page.getByTestId('retry-held').textContent()).toMatch(/waiting for a second administrator/);
    expect(
      await api<{ wallet: string }>(baseURL, '/api/me?programme=main', { token: sponsor.token }),
    ).toMatchObject({ wallet: walletBefore });
    await approveAsChecker(baseURL, 'payout_retry');
    await page.reload();

    // Paid once: the run is completed, the payout is on its second attempt, the wallet is empty.
    await page.locator('[data-status="completed"]').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('run-attention').count()).toBe(0);
    const row = page.getByTestId('run-payout').filter({ hasText: 'Emeka Nwosu' });
    expect(await row.textContent()).toContain('Attempt 2: paid again in this run');
    await row.locator('[data-status="success"]').first().waitFor();
    expect(await page.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    await lookAt(page, 'payout-completed-after-retry');
    // Both transfers are on the run page, as on the bank statement: the refused one to the old account, then the retry.
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const attempts = row.getByTestId('payout-attempt');
      await expect.poll(() => attempts.count()).toBe(2);
      const [refused, paid] = [await attempts.nth(0).textContent(), await attempts.nth(1).textContent()];
      expect(refused).toMatch(new RegExp(`Attempt 1.*failed.*····${failing.slice(-4)}`, 's'));
      expect(paid).toMatch(new RegExp(`Attempt 2.*success.*····${corrected.slice(-4)}`, 's'));
      expect(refused).toMatch(/Paystack reference payout-/);
      expect(await attempts.nth(1).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `screenshots/admin-payout-attempts-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const run = await api<RunDetail>(baseURL, `/api/admin/payouts/runs/${runId}`, { token });
    expect(run.status).toBe('completed');
    expect(run.paid).toBe(run.total);
    const emeka = run.payouts.filter((p) => p.fullName === 'Emeka Nwosu');
    expect(emeka).toEqual([expect.objectContaining({ status: 'success', attempt: 2, amount: walletBefore })]);
    expect(
      await api<{ wallet: string }>(baseURL, '/api/me?programme=main', { token: sponsor.token }),
    ).toMatchObject({ wallet: '0.00' });
    // Another press moves nothing: the run has nothing left to retry.
    await expect(
      api(baseURL, `/api/admin/payouts/runs/${runId}/retry`, { method: 'POST', token }),
    ).rejects.toThrow(/answered 409/);
    // The wallet's history: the failed payout out and back, then the retry out once.
    const history = await api<{ items: { kind: string }[] }>(baseURL, '/api/me/wallet-history?pageSize=100', {
      token: sponsor.token,
    });
    const kinds = history.items.map((i) => i.kind);
    expect(kinds.filter((k) => k === 'payout')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'payout_returned')).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
