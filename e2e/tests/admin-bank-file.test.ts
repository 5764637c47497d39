import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from '../support/browser';
import { adminToken, approveAsChecker, PAYOUT_ADMIN, signInOnAdminPage } from '../support/admins';
import { api, sponsorWithTwoFriends } from '../support/members';

/** A monthly payout by bank file, from the run's page: a batch for the bank with its control total, then what the bank paid, with its reason. */
describe('admin bank-file payout', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('downloads one batch with its control total and the full account number, gives it again, and records the payout the bank refused with its reason', async () => {
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
    const runs = await api<{ items: { id: number; period: string; programme: string }[] }>(
      baseURL,
      '/api/admin/payouts/runs?programme=welcomeback',
      { token },
    );
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
    expect(download.suggestedFilename()).toMatch(/^bank-file-welcomeback-2020-01-batch-\d+\.csv$/);
    const batchId = Number(/batch-(\d+)\.csv$/.exec(download.suggestedFilename())![1]);
    const lines = file.trim().split('\n');
    expect(lines[0]).toBe(
      'Record,Reference,Beneficiary name,Account number,Bank code,Bank name,Amount (NGN),Narration,Note',
    );
    expect(lines[1]).toMatch(new RegExp(`^HEADER,Batch ${batchId},Welcome Back payout 2020-01,`));
    expect(lines.at(-1)).toMatch(new RegExp(`^TRAILER,Batch ${batchId},Control total,`));
    expect(file).toContain(',0123456781,058,');
    expect(file).toContain('3000.00');
    expect(file).not.toMatch(/paystack/i);
    await page.getByText(/^Saved bank-file-.+\.csv: batch #\d+/).waitFor();
    const batch = page.getByTestId('bank-file-batch').filter({ hasText: `Batch #${batchId}` });
    await batch.getByTestId('control-total').waitFor();

    // Downloading again gives the same batch, not a new file of the same payouts.
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the bank file' }).click(),
    ]);
    expect(again.suggestedFilename()).toBe(download.suggestedFilename());
    expect(await page.getByTestId('bank-file-batch').count()).toBe(1);

    // The bank could not pay Ngozi: the tick asks for the bank's reason; every other payment of the file is paid.
    const waiting = await batch.getByTestId('record-row').count();
    await batch.getByRole('checkbox', { name: /Ngozi Umeh/ }).check();
    await batch.getByRole('button', { name: 'Record what the bank paid' }).click();
    await batch.getByText("Write the bank's reason for this payment").waitFor();
    await batch.getByLabel("The bank's reason for Ngozi Umeh").fill('Account closed');
    await batch.getByRole('button', { name: 'Record what the bank paid' }).click();
    await batch.getByText(`${waiting - 1} paid (`).waitFor();
    const confirm = batch.getByRole('button', { name: /^Yes, (record it|ask for approval)$/ });
    if ((await confirm.textContent()) === 'Yes, ask for approval') {
      // Above the threshold the record waits for a second administrator: nothing moves before.
      await confirm.click();
      await batch.getByText(/is waiting for a second administrator/).waitFor();
      await approveAsChecker(baseURL, 'bank_file_record', (a) => a.summary.includes(`Batch ${batchId} `));
      await page.reload();
    } else {
      await confirm.click();
      await page
        .getByText(`Recorded: ${waiting - 1} paid, 1 not paid (their money is back in the wallets).`)
        .waitFor();
    }
    const recorded = page.getByTestId('bank-file-batch').filter({ hasText: `Batch #${batchId}` });
    await recorded.locator('[data-status="recorded"]').waitFor();
    await recorded.getByText('Not paid. The bank said: “Account closed”').waitFor();
    await page.getByTestId('run-attention').getByText('The bank said: “Account closed”.').waitFor();
    const me = await api<{ wallet: string }>(baseURL, '/api/me?programme=welcomeback', {
      token: sponsor.token,
    });
    expect(me.wallet).toBe('3000.00');
    // Nothing is left to send until Ngozi's payout is retried: no file of the payouts the bank paid.
    await page.getByText('No payout waits to be sent').waitFor();
    expect(await page.getByRole('button', { name: 'Download the bank file' }).count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(/paystack/i);
    const audit = await api<{ items: { action: string }[] }>(baseURL, '/api/admin/audit-log', { token });
    expect(audit.items.map((i) => i.action)).toEqual(
      expect.arrayContaining(['payout_csv_download', 'payout_bank_file_made']),
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
