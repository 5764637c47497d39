import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from '../support/browser';
import { adminToken, approveAsChecker, PAYOUT_ADMIN, signInOnAdminPage } from '../support/admins';
import { api, sponsorWithTwoFriends } from '../support/members';


/** A monthly payout by bank file, from the run's page: the file for the bank, then what the bank paid. */
describe('admin bank-file payout', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('downloads the bank file with the full account number and records one payout the bank could not pay', async () => {
    // A Welcome Back sponsor with two paid friends has N3,000 in the wallet and saves bank details the bank confirms.
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'welcomeback', [
      'Ngozi Umeh',
      'Tunde Bello',
      'Sade Ojo',
    ]);
    await api(baseURL, '/api/auth/bankdetails', {
      method: 'POST',
      token: sponsor.token,
      // The sandbox's bank knows every account as SANDBOX TEST ACCOUNT: typing that name verifies the details.
      body: {
        type: 'savings',
        accountNumber: '0123456781',
        accountName: 'SANDBOX TEST ACCOUNT',
        bankCode: '058',
      },
    });
    const token = await adminToken(baseURL, PAYOUT_ADMIN);
    // A month of its own, long past, so no other test's run or preview is disturbed. A second administrator
    // approves the run before any wallet is reserved.
    const asked = await api<{ status: number; approval: { id: number } }>(baseURL, '/api/admin/payouts/run', {
      method: 'POST',
      token,
      body: { programme: 'welcomeback', period: '2020-01', mode: 'csv' },
    });
    expect(asked.status).toBe(202);
    await approveAsChecker(baseURL, 'payout_run', (a) => a.id === asked.approval.id);
    const runs = await api<{ items: { id: number; period: string; programme: string }[] }>(baseURL, '/api/admin/payouts/runs?programme=welcomeback', { token });
    const runId = runs.items.find((r) => r.period === '2020-01')!.id;

    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, PAYOUT_ADMIN);
    await page.goto(`${baseURL}/adminpayouts/${runId}`);
    await page.getByRole('heading', { name: 'Bank file' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the bank file' }).click(),
    ]);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file).toContain('0123456781');
    expect(file).toContain('3000.00');
    await page.getByText(/^Saved .+\.csv\.$/).waitFor();

    // The bank could not pay Ngozi: her money goes back to her wallet; every other payout of the run is settled.
    const waiting = await page.getByRole('checkbox').count();
    await page.getByRole('checkbox', { name: /Ngozi Umeh/ }).check();
    await page.getByRole('button', { name: 'Record what the bank paid' }).click();
    await page.getByRole('button', { name: 'Yes, record it' }).click();
    await page.getByText(`Recorded: ${waiting - 1} paid, 1 returned to the wallet.`).waitFor();
    const me = await api<{ wallet: string }>(baseURL, '/api/me?programme=welcomeback', {
      token: sponsor.token,
    });
    expect(me.wallet).toBe('3000.00');
    await page.getByText("The bank's answer is recorded").waitFor();
    const audit = await api<{ items: { action: string }[] }>(baseURL, '/api/admin/audit-log', { token });
    expect(audit.items.map((i) => i.action)).toContain('payout_csv_download');
    expect(problems).toEqual([]);
    await context.close();
  });
});
