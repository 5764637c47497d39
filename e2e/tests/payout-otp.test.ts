import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, lookAt, watchPage } from '../support/browser';
import { adminToken, approveAsChecker, PAYOUT_ADMIN, signInOnAdminPage } from '../support/admins';
import { api, sponsorWithTwoFriends } from '../support/members';

const nextMonth = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
};

/**
 * OTP on for transfers (Paystack's default): the sandbox's account 9990000001 answers "Transfer requires OTP to
 * continue". The run's page shows it under Needs attention with Paystack's words, Resend code and the code's input;
 * a wrong code shows Paystack's words, the right one pays the member once.
 */
describe('a transfer waiting for Paystack’s one-time code', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('is finalised from the run page with the code sent to the business phone, and paid once', async () => {
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main', [
      'Ifeoma Eze',
      'Tunde Bako',
      'Zainab Musa',
    ]);
    await api(baseURL, '/api/auth/register', {
      method: 'POST',
      token: sponsor.token,
      body: {
        type: 'savings',
        accountNumber: '9990000001',
        accountName: 'SANDBOX TEST ACCOUNT',
        bankCode: '058',
      },
    });
    const token = await adminToken(baseURL, PAYOUT_ADMIN);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, PAYOUT_ADMIN);

    // Months are paid in order: before every other test's month when none ran yet, else after the latest.
    const earlier = await api<{ items: { period: string }[] }>(
      baseURL,
      '/api/admin/payouts/runs?programme=main',
      { token },
    );
    const latest = earlier.items
      .map((r) => r.period)
      .sort()
      .at(-1);
    const month = latest ? nextMonth(latest) : '2019-06';
    await page.goto(`${baseURL}/adminpayouts`);
    const choice = page.locator('form').filter({ has: page.getByRole('button', { name: 'Preview' }) });
    await choice.getByLabel('Programme').selectOption('main');
    await choice.getByLabel('Month').fill(month);
    await choice.getByLabel('Pay by').selectOption('transfer');
    await choice.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('payout-preview').waitFor();
    await page.getByRole('button', { name: 'Run this payout' }).click();
    await page.getByRole('button', { name: 'Yes, ask for approval' }).click();
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
    const runId = runs.items.find((r) => r.period === month)!.id;
    await page.goto(`${baseURL}/adminpayouts/${runId}`);

    const item = page.getByTestId('attention-payout').filter({ hasText: 'Ifeoma Eze' });
    await item.waitFor({ timeout: 30_000 });
    expect(await item.textContent()).toContain(
      "Paystack is waiting for the one-time code sent to the business's phone",
    );
    expect(await item.textContent()).toContain("turn off OTP for transfers in Paystack's dashboard");
    await item.getByRole('button', { name: 'Resend code' }).click();
    await item.getByText("Paystack has sent a new code to the business's phone").waitFor();
    await lookAt(page, 'payout-otp-waiting');

    const code = item.getByLabel("One-time code from the business's phone");
    await code.fill('111111');
    await item.getByRole('button', { name: 'Send the code to Paystack' }).click();
    await item.getByText('Paystack did not accept the code: Invalid OTP').waitFor();
    await code.fill('123456');
    await item.getByRole('button', { name: 'Send the code to Paystack' }).click();

    const row = page.getByTestId('run-payout').filter({ hasText: 'Ifeoma Eze' });
    await row.locator('[data-status="success"]').waitFor({ timeout: 30_000 });
    await lookAt(page, 'payout-otp-paid');
    const run = await api<{ payouts: { fullName: string; status: string }[] }>(
      baseURL,
      `/api/admin/payouts/runs/${runId}`,
      { token },
    );
    expect(run.payouts.filter((p) => p.fullName === 'Ifeoma Eze')).toEqual([
      expect.objectContaining({ status: 'success' }),
    ]);
    // The next month's preview warns that this programme's transfers needed a code.
    const preview = await api<{ otpWarning: string | null }>(
      baseURL,
      `/api/admin/payouts/preview?programme=main&period=${nextMonth(month)}&mode=transfer`,
      { token },
    );
    expect(preview.otpWarning).toMatch(/one-time code/);
    // The wrong code's 400 is the one failed request the browser logs, and it was meant.
    expect(problems).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await context.close();
  });
});
