import { formatNaira } from '@coop/core';
import { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKER_ADMIN, MAKER_ADMIN, signInOnAdminPage } from '../support/admins';
import { launchBrowser, lookAt, toastSays, watchPage } from '../support/browser';
import { paidMember } from '../support/members';
import { migratedDataDir } from '../support/data-dir';
import { createAdministrators, removeDir, startPlatform, type RunningServer } from '../support/server';

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
    await db.close();
    server = await startPlatform({}, { dataDir });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
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

  it('says on screen that refunding an activated position is out of scope', async () => {
    const baseURL = server.url;
    const placed = await paidMember(baseURL, 'main', 'Obinna Placed');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, MAKER_ADMIN);
    await page.goto(`${baseURL}/mainuser`);
    await page
      .getByTestId('user-row')
      .filter({ hasText: placed.email })
      .getByRole('link', { name: /^Record/ })
      .click();
    await page.getByTestId('payment-refund-link').click();
    const words = page.getByTestId('refund-out-of-scope');
    await words.waitFor();
    expect(await words.textContent()).toContain('Refunding an activated position is out of scope');
    expect(await page.getByRole('button', { name: 'Refund through Paystack' }).count()).toBe(0);
    await lookAt(page, 'refund-out-of-scope');
    expect(problems).toEqual([]);
  });
});
