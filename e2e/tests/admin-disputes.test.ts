import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, lookAt, watchPage } from '../support/browser';
import { adminToken, approveAsChecker, OPERATOR_ADMIN, signInOnAdminPage } from '../support/admins';
import { api, pay, signIn, signUpAndConfirm } from '../support/members';

/**
 * A card holder disputes a payment: the administrator raises it in the sandbox's records page (standing in for the
 * customer's bank), sees it in Disputes with Paystack's due date and on the member's record, and contests it with a
 * note, which reaches the sandbox's Paystack and resolves the dispute.
 */
describe('a disputed payment', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('is raised in the sandbox, shown in Disputes and on the member record, and contested with a note', async () => {
    const email = await signUpAndConfirm(baseURL, 'main', 'Kemi Adebayo');
    const session = await signIn(baseURL, 'main', email);
    const reference = await pay(baseURL, 'main', email, session.token);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, OPERATOR_ADMIN);

    // The sandbox's records page: the customer's bank disputes the payment.
    await page.goto(`${baseURL}/sandbox/paystack/checkout/records`);
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.getByRole('button', { name: 'Raise a dispute on this payment' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `raised on ${reference}` })
      .waitFor();
    expect(await page.getByRole('row').filter({ hasText: reference }).textContent()).toContain(
      'awaiting-merchant-feedback',
    );
    await lookAt(page, 'sandbox-records-dispute');

    // Disputes: open, with Paystack's due date, the member and the payment.
    await page.goto(`${baseURL}/admindisputes`);
    const card = page.getByTestId('dispute').filter({ hasText: reference });
    await card.waitFor({ timeout: 30_000 });
    const text = await card.textContent();
    expect(text).toContain('Kemi Adebayo');
    expect(text).toContain('Paystack waits for our answer');
    expect(text).toMatch(/Answer due: \d+ \w+ \d{4}/);
    expect(text).toContain('payouts and cash-outs wait until Paystack resolves the dispute');
    await lookAt(page, 'admin-disputes');

    // The member record shows it too, and the hold among the fraud flags; it is answered there.
    await card.getByRole('link', { name: 'Kemi Adebayo' }).click();
    const section = page.locator('#disputes');
    const onRecord = section.getByTestId('dispute').filter({ hasText: reference });
    await onRecord.waitFor();
    await page.getByTestId('fraud-flag').filter({ hasText: 'disputed at Paystack' }).waitFor();
    await onRecord.getByLabel('Your answer to Paystack').selectOption('contest');
    await onRecord
      .getByLabel('Note for Paystack (kept in the audit log)')
      .fill('Kemi Adebayo paid for and received her membership; her position was placed the same day.');
    await onRecord.getByRole('button', { name: 'Send the answer to Paystack' }).click();
    await onRecord.getByText(/Contested by Operator Administrator/).waitFor({ timeout: 30_000 });
    await onRecord.getByText('Resolved: we contested the claim').waitFor({ timeout: 30_000 });
    await onRecord.scrollIntoViewIfNeeded();
    await lookAt(page, 'admin-member-dispute-contested');

    const token = await adminToken(baseURL, OPERATOR_ADMIN);
    const audit = await api<{ items: { action: string; details: { note?: string } }[] }>(
      baseURL,
      '/api/admin/audit-log?action=dispute_contested',
      { token },
    );
    expect(
      audit.items.filter(
        (a) => a.action === 'dispute_contested' && a.details.note?.startsWith('Kemi Adebayo paid'),
      ),
    ).toHaveLength(1);
    await page.goto(`${baseURL}/sandbox/paystack/checkout/records`);
    expect(await page.getByRole('row').filter({ hasText: reference }).textContent()).toContain(
      'resolved (declined)',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is accepted in two steps: confirmed and asked by one administrator, sent to Paystack when a second approves', async () => {
    const email = await signUpAndConfirm(baseURL, 'main', 'Tunde Bakare');
    const session = await signIn(baseURL, 'main', email);
    const reference = await pay(baseURL, 'main', email, session.token);
    const raised = await fetch(`${baseURL}/sandbox/paystack/checkout/records/${reference}/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raised.status).toBe(200);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, OPERATOR_ADMIN);
    await page.goto(`${baseURL}/admindisputes`);
    const card = page.getByTestId('dispute').filter({ hasText: reference });
    await card.waitFor({ timeout: 30_000 });

    // Accept: the page asks first; Cancel sends nothing.
    await card.getByLabel('Your answer to Paystack').selectOption('accept');
    await card
      .getByLabel('Note for Paystack (kept in the audit log)')
      .fill('The card holder did not pay us.');
    await card.getByRole('button', { name: 'Send the answer to Paystack' }).click();
    await card.getByTestId('accept-confirmation').waitFor();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Send the answer to Paystack' }).click();
    await card.getByRole('button', { name: 'Ask for approval' }).click();
    await card.getByTestId('dispute-accept-waiting').waitFor({ timeout: 20_000 });
    await page.goto(`${baseURL}/sandbox/paystack/checkout/records`);
    expect(await page.getByRole('row').filter({ hasText: reference }).textContent()).toContain(
      'awaiting-merchant-feedback',
    );

    // The second administrator approves: Paystack is told, and the chargeback shows with the member's hold.
    await approveAsChecker(baseURL, 'dispute_accept', (a) => a.summary.includes(reference));
    await page.goto(`${baseURL}/admindisputes`);
    await card.waitFor({ state: 'detached', timeout: 30_000 });
    const token = await adminToken(baseURL, OPERATOR_ADMIN);
    const list = await api<{ items: { payment: { reference: string }; lost: { amount: string } | null }[] }>(
      baseURL,
      `/api/admin/disputes?state=resolved&pageSize=100`,
      { token },
    );
    expect(list.items.find((d) => d.payment.reference === reference)?.lost).toMatchObject({
      amount: '50000.00',
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});
