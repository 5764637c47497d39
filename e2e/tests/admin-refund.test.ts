import { formatNaira } from '@coop/core';
import { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  approveAsChecker,
  CHECKER_ADMIN,
  MAKER_ADMIN,
  signInOnAdminPage,
} from '../support/admins';
import { launchBrowser, lookAt, toastSays, watchPage } from '../support/browser';
import { paidMember } from '../support/members';
import { migratedDataDir } from '../support/data-dir';
import { createAdministrators, startPlatform, type RunningServer } from '../support/server';

/**
 * A payment that placed no position refunded from the member record through Paystack (the sandbox), asked by one
 * administrator and approved by a second, in Chromium at 1280 px (screenshots at 360 px too). A payment that
 * places nothing cannot be made over HTTP alone (a second checkout is only opened a day later), so this file runs
 * its own platform on a data folder where such a payment is written first, as settle-payment leaves it.
 */
describe('refunding a payment that placed no position', () => {
  let server: RunningServer;
  let browser: Browser;
  const member = {
    id: randomUUID(),
    email: `refund-${randomUUID().slice(0, 8)}@example.com`,
    reference: `rf${randomUUID().replaceAll('-', '').slice(0, 20)}`,
  };
  // A second payment that placed nothing: partly refunded, then disputed and accepted (decision 0057).
  const partly = {
    id: randomUUID(),
    email: `partly-${randomUUID().slice(0, 8)}@example.com`,
    reference: `rf${randomUUID().replaceAll('-', '').slice(0, 20)}`,
  };

  beforeAll(async () => {
    const dataDir = migratedDataDir('coop-e2e-refund-');
    await createAdministrators(dataDir, [MAKER_ADMIN, CHECKER_ADMIN]);
    // The second fee of a Main member, paid and not placed: the sandbox's transaction and the platform's payment.
    const db = new PGlite(path.join(dataDir, 'pglite'));
    await db.query(
      `insert into accounts (id, programme, email, full_name, phone, address, password_hash, referral_code, email_confirmed_at)
       values ($1, 'main', $2, 'Amaka Refunded', '08030000000', '1 Marina, Lagos', 'not-a-hash', $3, now())`,
      [member.id, member.email, member.reference.slice(2, 14).toUpperCase()],
    );
    await db.query(
      `insert into sandbox_transactions (reference, email, amount_kobo, currency, status, paid_at) values ($1, $2, 5000000, 'NGN', 'success', now())`,
      [member.reference, member.email],
    );
    await db.query(
      `insert into payments (reference, account_id, programme, amount_kobo, status, provider, paid_at, placement, failure_reason)
       values ($1, $2, 'main', 5000000, 'paid', 'sandbox', now(), 'not_placed', 'Not placed: You are already a member. A refund is due.')`,
      [member.reference, member.id],
    );
    for (const [sql, values] of [
      [
        `insert into accounts (id, programme, email, full_name, phone, address, password_hash, referral_code, email_confirmed_at)
         values ($1, 'main', $2, 'Bisi Partly', '08030000001', '2 Marina, Lagos', 'not-a-hash', $3, now())`,
        [partly.id, partly.email, partly.reference.slice(2, 14).toUpperCase()],
      ],
      [
        `insert into sandbox_transactions (reference, email, amount_kobo, currency, status, paid_at) values ($1, $2, 5000000, 'NGN', 'success', now())`,
        [partly.reference, partly.email],
      ],
      [
        `insert into payments (reference, account_id, programme, amount_kobo, status, provider, paid_at, placement, failure_reason)
         values ($1, $2, 'main', 5000000, 'paid', 'sandbox', now(), 'not_placed', 'Not placed: You are already a member. A refund is due.')`,
        [partly.reference, partly.id],
      ],
    ] as const)
      await db.query(sql, [...values]);
    await db.close();
    server = await startPlatform({}, { dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.discard();
  });

  it('is asked from the member record, approved by a second administrator, sent to Paystack once and shown processed', async () => {
    const baseURL = server.url;
    const maker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const makerProblems = watchPage(maker);
    await signInOnAdminPage(maker, baseURL, MAKER_ADMIN);
    // The dashboard lists it among the payments awaiting refund.
    const due = maker.getByTestId('refund-due').filter({ hasText: member.email });
    await due.waitFor();
    expect(await due.textContent()).toContain(formatNaira(5_000_000));

    await maker.goto(`${baseURL}/adminmember/${member.id}`);
    await maker.getByTestId('payment-refund-link').click();
    await maker.getByRole('heading', { name: 'Refund a payment' }).waitFor();
    await maker.getByTestId('approval-notice').waitFor();
    expect(await maker.getByTestId('refund-left').textContent()).toBe(formatNaira(5_000_000));
    await maker.getByLabel('Reason').fill('Paid a second time from an older checkout');
    await lookAt(maker, 'refund-form');
    await maker.getByRole('button', { name: 'Refund through Paystack' }).dblclick();
    // A toast that waits for no tap (decision 0052), not a popup to dismiss.
    expect(await toastSays(maker, 'Waiting for approval')).toContain('waiting for a second administrator');
    const refusal = maker.getByTestId('refund-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /Request #\d+ to refund this payment waits for a second administrator/,
    );
    await lookAt(maker, 'refund-waiting');

    // The maker's own card offers no Approve; the second administrator approves from theirs.
    await maker.goto(`${baseURL}/adminapprovals`);
    const mine = maker.getByTestId('approval').filter({ hasText: member.reference });
    await mine.waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    const checker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const checkerProblems = watchPage(checker);
    await signInOnAdminPage(checker, baseURL, CHECKER_ADMIN);
    await checker.goto(`${baseURL}/adminapprovals`);
    const request = checker.getByTestId('approval').filter({ hasText: member.reference });
    await request.waitFor();
    expect(await request.textContent()).toContain('Refund a payment');
    expect(await request.textContent()).toContain(formatNaira(5_000_000));
    await lookAt(checker, 'refund-approval');
    await request.getByRole('button', { name: 'Approve' }).click();
    await request.getByRole('button', { name: 'Yes, approve' }).click();

    // The refund screen follows Paystack's steps until the refund is processed.
    await maker.goto(`${baseURL}/adminrefund/${member.reference}`);
    const refund = maker.getByTestId('refund');
    await expect
      .poll(async () => refund.locator('[data-status]').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('processed');
    expect(await refund.textContent()).toMatch(/approved by Checker Administrator/);
    expect(await maker.getByTestId('refund-left').textContent()).toBe(formatNaira(0));
    expect(await maker.getByTestId('refund-refusal').textContent()).toContain('refunded in full');
    await lookAt(maker, 'refund-processed');
    expect(await refund.count()).toBe(1);
    expect(makerProblems).toEqual([]);
    expect(checkerProblems).toEqual([]);
  });

  it('shows the refund on a later dispute of the payment, and offers to contest it with the refund as evidence', async () => {
    // Follows the refund above: the payment was refunded in full, then the customer's bank disputes it.
    const baseURL = server.url;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, MAKER_ADMIN);
    await page.goto(`${baseURL}/sandbox/paystack/checkout/records`);
    await page
      .getByRole('row')
      .filter({ hasText: member.reference })
      .getByRole('button', { name: 'Raise a dispute on this payment' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `raised on ${member.reference}` })
      .waitFor();

    await page.goto(`${baseURL}/admindisputes`);
    const card = page.getByTestId('dispute').filter({ hasText: member.reference });
    await card.waitFor({ timeout: 30_000 });
    const refunds = card.getByTestId('dispute-refunds');
    expect(await refunds.textContent()).toMatch(
      /Refunded in full before: .*50,000.* processed, Paystack refund \d+/,
    );
    expect(await card.getByTestId('dispute-refunded-advice').textContent()).toContain(
      'contest the dispute and give the refund as evidence',
    );
    const answer = card.getByLabel('Your answer to Paystack');
    expect(await answer.locator('option').allTextContents()).toEqual(['Contest with the refund']);
    expect(await card.getByLabel('Note for Paystack (kept in the audit log)').inputValue()).toMatch(
      new RegExp(
        `^The payment ${member.reference} was refunded in full before this dispute: .*\\(Paystack refund \\d+\\)\\.$`,
      ),
    );
    await lookAt(page, 'admin-dispute-refunded');
    await card.getByRole('button', { name: 'Send the answer to Paystack' }).click();
    // Resolved, it leaves the open disputes; the member record keeps it, with the refund beside it.
    await card.waitFor({ state: 'detached', timeout: 30_000 });
    await page.goto(`${baseURL}/adminmember/${member.id}`);
    const onRecord = page.locator('#disputes').getByTestId('dispute').filter({ hasText: member.reference });
    await onRecord.getByText('Resolved: we contested the claim').waitFor({ timeout: 30_000 });
    expect(await onRecord.getByTestId('dispute-refunds').textContent()).toContain('Refunded in full before');
    expect(problems).toEqual([]);
  });

  it('says on screen that refunding an activated position is out of scope; the record shows what the card was charged with its fees', async () => {
    const baseURL = server.url;
    // Paid with Paystack's fees added for the customer: ₦50,000 plus ₦850 (the sandbox's card fee).
    const placed = await paidMember(baseURL, 'main', 'Obinna Placed', undefined, 'success_fees');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, MAKER_ADMIN);
    await page.goto(`${baseURL}/mainuser`);
    await page
      .getByTestId('user-row')
      .filter({ hasText: placed.email })
      .getByRole('link', { name: /^Record/ })
      .click();
    const charge = page.getByTestId('payment-charge');
    await charge.waitFor();
    expect(await charge.textContent()).toBe(
      `charged ${formatNaira(5_085_000)} · Paystack fees ${formatNaira(85_000)} paid by the member (added to the charge)`,
    );
    await lookAt(page, 'admin-member-record-fee');
    await page.getByTestId('payment-refund-link').click();
    const words = page.getByTestId('refund-out-of-scope');
    await words.waitFor();
    expect(await words.textContent()).toContain('Refunding an activated position is out of scope');
    expect(await page.getByRole('button', { name: 'Refund through Paystack' }).count()).toBe(0);
    await lookAt(page, 'refund-out-of-scope');
    expect(problems).toEqual([]);
  });

  it("settles the day's payments less fees and the refund, matched to our records, and ticks the settlement", async () => {
    // Follows the tests above: their payments, refunds and disputes are in the settlement.
    const baseURL = server.url;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, MAKER_ADMIN);
    // Paystack settles the next day; the sandbox's records page settles now.
    await page.goto(`${baseURL}/sandbox/paystack/checkout/records`);
    await page.getByRole('button', { name: 'Settle now' }).click();
    await page.getByRole('status').filter({ hasText: 'to the bank' }).waitFor();

    await page.goto(`${baseURL}/admindashboard`);
    await page
      .getByRole('navigation', { name: 'Admin area' })
      .getByRole('link', { name: 'Settlements' })
      .click();
    await page.getByRole('heading', { name: 'Settlements', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Fetch now' }).click();
    await page.getByRole('status').filter({ hasText: 'Paystack listed 1 settlement' }).waitFor();
    const row = page.getByTestId('settlement');
    await row.waitFor();
    await lookAt(page, 'admin-settlements');
    // The refunds and the accepted dispute of the tests above are deducted; ours agrees with Paystack's total.
    expect(await row.textContent()).toContain('Matches our records');
    expect(await row.textContent()).toMatch(/refunds ₦[\d,]+ · chargebacks ₦[\d,]+/);

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: /^Settlement of / }).waitFor();
    const lines = page.getByTestId('settlement-line');
    expect(await lines.count()).toBeGreaterThanOrEqual(3);
    const refundLine = page.locator('[data-testid="settlement-line"][data-kind="refund"]');
    expect(await refundLine.textContent()).toContain(member.reference);
    expect(await refundLine.textContent()).toContain(`-${formatNaira(5_000_000)}`);
    expect(await page.getByTestId('settlement-total').textContent()).toBe(
      await page.getByTestId('settlement-ours').textContent(),
    );
    expect(await page.getByTestId('settlement-line-problem').count()).toBe(0);
    await page.getByRole('button', { name: 'Found on the bank statement' }).click();
    await page.getByText(/Ticked .* by Maker Administrator/).waitFor();
    await lookAt(page, 'admin-settlement');
    expect(problems).toEqual([]);
  });

  // After the settlement above, so the partial refund and the chargeback here are not in the day it settles.
  it('shows a partial refund on a later dispute; accepting what is left is confirmed, waits for a second administrator, then is in the books', async () => {
    const baseURL = server.url;
    // ₦20,000 of the ₦50,000 is refunded (asked by the maker, approved by the checker) before the bank disputes it.
    const token = await adminToken(baseURL, MAKER_ADMIN);
    const asked = await fetch(`${baseURL}/api/admin/payments/${partly.reference}/refunds`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ amount: '20000.00', reason: 'Part of the second fee given back' }),
    });
    expect(asked.status).toBe(202);
    await approveAsChecker(baseURL, 'refund', (a) => a.summary.includes(partly.reference));
    const raised = await fetch(`${baseURL}/sandbox/paystack/checkout/records/${partly.reference}/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raised.status).toBe(200);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, MAKER_ADMIN);
    await page.goto(`${baseURL}/admindisputes`);
    const card = page.getByTestId('dispute').filter({ hasText: partly.reference });
    await card.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => card.getByTestId('dispute-refunds').textContent(), { timeout: 20_000 })
      .toMatch(/Refunds of this payment: .*20,000.* processed, Paystack refund \d+/);

    // Accepting asks first, naming what goes back (what the refund did not), then waits for a second administrator.
    await card.getByLabel('Your answer to Paystack').selectOption('accept');
    await card
      .getByLabel('Note for Paystack (kept in the audit log)')
      .fill('The card holder did not make this payment; ₦20,000 of it was refunded already.');
    await card.getByRole('button', { name: 'Send the answer to Paystack' }).click();
    const confirm = card.getByTestId('accept-confirmation');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`${formatNaira(3_000_000)} goes back to the card holder`);
    expect(await confirm.textContent()).toContain('A second administrator must approve it');
    await card.getByRole('button', { name: 'Ask for approval' }).click();
    const waiting = card.getByTestId('dispute-accept-waiting');
    await waiting.waitFor({ timeout: 20_000 });
    expect(await waiting.textContent()).toMatch(
      /waits for a second administrator’s approval \(request #\d+\)/,
    );
    expect(await card.getByLabel('Your answer to Paystack').count()).toBe(0);
    await lookAt(page, 'admin-dispute-accept-waiting');

    // The checker approves: Paystack takes the acceptance; the chargeback is in the books and on the card.
    const [approved] = await approveAsChecker(baseURL, 'dispute_accept', (a) =>
      a.summary.includes(partly.reference),
    );
    expect(approved!.summary).toContain(formatNaira(3_000_000));
    await page.goto(`${baseURL}/adminmember/${partly.id}`);
    const onRecord = page.locator('#disputes').getByTestId('dispute').filter({ hasText: partly.reference });
    const lost = onRecord.getByTestId('dispute-lost');
    await lost.waitFor({ timeout: 30_000 });
    expect(await lost.textContent()).toContain(`Chargeback: ${formatNaira(3_000_000)} taken back`);
    expect(await lost.textContent()).toContain('placed no position');
    expect(await onRecord.textContent()).toMatch(/approved by Checker Administrator/);
    await onRecord.scrollIntoViewIfNeeded();
    await lookAt(page, 'admin-member-dispute-lost');
    expect(problems).toEqual([]);
  });
});
