import type { Programme } from '@coop/core';
import type { PayoutRunDetail } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { activate, unbalancedEntries } from './engine-test-kit';
import { ledgerDiscrepancies } from '../src/modules/ledger/queries';
import { fundWallet, saveBankDetails } from './payouts-test-kit';
import { applyTransferOutcome } from '../src/modules/payouts/transfer-outcome';
import { SANDBOX_TRANSFER_OTP } from '../src/adapters/payments/sandbox/test-accounts';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import {
  callApi,
  paymentFacts,
  postWebhook,
  signInOverHttp,
  startPayment,
  useListeningApp,
} from './payments-kit';

/**
 * The two settings of a live Paystack account that would stop the business on its first day, through the real
 * Paystack client against the sandbox on a real port: an account that passes its fees to the customer, and OTP
 * on for transfers; and every transfer status Paystack documents.
 */

const balanceOf = async (app: App, key: string) =>
  Number(
    (
      await queryRows<{ balance_kobo: string }>(
        app.db,
        sql`select balance_kobo from ledger_accounts where key = ${key}`,
      )
    )[0]?.balance_kobo ?? 0,
  );

/** The run's transfers (sent in the background), the sandbox's later steps and the webhooks they send, applied. */
async function settled(app: App) {
  await app.paymentWork.settled();
  await app.paystackSandbox!.idle();
  await app.paymentWork.settled();
}

describeEachDatabase(
  'a live Paystack account: fees on the customer, OTP transfers, every transfer status',
  (database) => {
    const ctx = useListeningApp(database);
    let admin: Record<string, string>;
    beforeAll(async () => {
      admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
    });
    const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

    /** A member whose wallet holds amountKobo and whose confirmed bank account is the given number. */
    async function payee(programme: Programme, accountNumber: string, amountKobo = 1_000_000) {
      const account = await createTestAccount(ctx.app, { programme, fullName: `Payee ${accountNumber}` });
      await saveBankDetails(ctx.app.db, account.id, { accountNumber });
      await fundWallet(ctx.app.db, programme, account.id, amountKobo);
      return account;
    }
    const runDetail = async (runId: number) =>
      (await api('GET', `/api/admin/payouts/runs/${runId}`)).json<PayoutRunDetail>();
    const payoutOf = (detail: PayoutRunDetail, accountId: string) =>
      detail.payouts.find((p) => p.accountId === accountId)!;

    it("activates a payment whose customer paid Paystack's fees once, and records the fee apart from our money", async () => {
      const sponsor = await createTestAccount(ctx.app, { programme: 'main' });
      await activate(ctx.app.db, 'main', sponsor.id);
      const account = await createTestAccount(ctx.app, {
        programme: 'main',
        sponsorAccountId: sponsor.id,
        password: 'a good password',
      });
      const headers = await signInOverHttp(ctx, 'main', account.email, 'a good password');
      const feeIncomeBefore = await balanceOf(ctx.app, 'fee_income:main');
      const { checkoutUrl, reference } = await startPayment(ctx, headers, 'main');
      const paid = await fetch(checkoutUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome: 'success_fees' }),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      await ctx.app.paymentWork.settled();

      // Paystack charged N50,000 + N850 of its fees; requested_amount is the fee.
      const verified = await ctx.app.payments.verifyTransaction(reference);
      expect(verified).toMatchObject({
        found: true,
        status: 'success',
        amountKobo: 5_085_000,
        requestedAmountKobo: 5_000_000,
        feesKobo: 85_000,
      });
      expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
        status: 'paid',
        positions: 1,
        sponsorReferralCredits: 1,
      });
      const [payment] = await queryRows<{
        amount_kobo: string;
        customer_fee_kobo: string;
        failure_reason: string | null;
      }>(
        ctx.app.db,
        sql`select amount_kobo, customer_fee_kobo, failure_reason from payments where reference = ${reference}`,
      );
      expect({
        ...payment,
        amount_kobo: Number(payment!.amount_kobo),
        customer_fee_kobo: Number(payment!.customer_fee_kobo),
      }).toEqual({ amount_kobo: 5_000_000, customer_fee_kobo: 85_000, failure_reason: null });
      // Only the programme's fee is our income: the customer's N850 went to Paystack and is in no ledger account.
      expect((await balanceOf(ctx.app, 'fee_income:main')) - feeIncomeBefore).toBe(5_000_000);

      // Exactly once: the webhook replayed and the check asked again change nothing.
      const webhook = ctx.sandbox.webhooks.find((w) => w.reference === reference)!;
      expect(await postWebhook(ctx, webhook.rawBody, webhook.signature)).toBe(200);
      await ctx.app.paymentWork.settled();
      expect((await callApi(ctx, `/api/payments/${reference}`, { headers })).body).toMatchObject({
        status: 'paid',
        amount: '50000.00',
      });
      expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
        status: 'paid',
        positions: 1,
        sponsorReferralCredits: 1,
        events: 2,
      });
      expect((await balanceOf(ctx.app, 'fee_income:main')) - feeIncomeBefore).toBe(5_000_000);
      expect(await unbalancedEntries(ctx.app.db)).toEqual([]);
    });

    it('refuses a payment whose requested amount is less than the fee, as before', async () => {
      const account = await createTestAccount(ctx.app, { programme: 'main', password: 'a good password' });
      const headers = await signInOverHttp(ctx, 'main', account.email, 'a good password');
      const { checkoutUrl, reference } = await startPayment(ctx, headers, 'main');
      await ctx.sandbox.transactions.setAmount(reference, 4_999_900);
      await fetch(checkoutUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome: 'success_fees' }),
        redirect: 'manual',
      });
      await ctx.app.paymentWork.settled();
      expect(await paymentFacts(ctx.app, reference, account.id)).toMatchObject({
        status: 'pending',
        positions: 0,
      });
    });

    it('an OTP transfer waits under Needs attention (even while another is pending), is finalised with the code, paid once, and the run completes', async () => {
      const otpMember = await payee('main', '9990000001');
      const slowMember = await payee('main', '9990000010');
      const started = await api('POST', '/api/admin/payouts/run', { programme: 'main', period: '2026-01' });
      expect(started.statusCode).toBe(201);
      const runId = started.json().run.id as number;
      await settled(ctx.app);

      let detail = await runDetail(runId);
      // One transfer waits for its code, the other is still with the bank: the run needs a person now.
      expect(detail.status).toBe('needs_attention');
      expect(payoutOf(detail, slowMember.id)).toMatchObject({
        status: 'processing',
        providerStatus: 'pending',
        attention: null,
      });
      const waiting = payoutOf(detail, otpMember.id);
      expect(waiting).toMatchObject({
        status: 'otp',
        providerStatus: 'otp',
        statusText: "Paystack is waiting for the one-time code sent to the business's phone",
        attention: {
          reason: "Paystack is waiting for the one-time code sent to the business's phone",
          needsCode: true,
          retryable: false,
        },
      });
      expect(waiting.attention!.action).toMatch(/turn off OTP for transfers in Paystack's dashboard/);
      const settlementBefore = await balanceOf(ctx.app, 'provider_settlement:main');

      expect((await api('POST', `/api/admin/payouts/${waiting.id}/resend-otp`)).json()).toEqual({
        message: "Paystack has sent a new code to the business's phone",
      });
      const wrong = await api('POST', `/api/admin/payouts/${waiting.id}/finalize`, { otp: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Paystack did not accept the code: Invalid OTP');
      const finalized = await api('POST', `/api/admin/payouts/${waiting.id}/finalize`, {
        otp: SANDBOX_TRANSFER_OTP,
      });
      expect(finalized.statusCode).toBe(200);
      await settled(ctx.app);
      // A second press moves nothing.
      expect(
        (await api('POST', `/api/admin/payouts/${waiting.id}/finalize`, { otp: SANDBOX_TRANSFER_OTP }))
          .statusCode,
      ).toBe(409);

      detail = await runDetail(runId);
      expect(payoutOf(detail, otpMember.id)).toMatchObject({ status: 'success', attention: null });
      expect(detail.status).toBe('running');
      expect((await balanceOf(ctx.app, 'provider_settlement:main')) - settlementBefore).toBe(1_000_000);

      await ctx.sandbox.completeTransfer(payoutOf(detail, slowMember.id).reference, 'success');
      await settled(ctx.app);
      detail = await runDetail(runId);
      expect(detail).toMatchObject({ status: 'completed', counts: { success: 2 } });
      expect((await balanceOf(ctx.app, 'provider_settlement:main')) - settlementBefore).toBe(2_000_000);
      expect(await balanceOf(ctx.app, 'payout_clearing:main')).toBe(0);
      expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });

      // The next month's preview warns that this programme's transfers need a code.
      const preview = (
        await api('GET', '/api/admin/payouts/preview?programme=main&period=2026-02&mode=transfer')
      ).json();
      expect(preview.otpWarning).toMatch(/needed Paystack's one-time code/);
      const other = (
        await api('GET', '/api/admin/payouts/preview?programme=welcomeback&period=2026-02&mode=transfer')
      ).json();
      expect(other.otpWarning).toBeNull();
    });

    it('each documented transfer status ends in its state, with words for the operator; release works for abandoned and never received', async () => {
      const numbers = {
        success: '0123456780',
        received: '9990000002',
        abandoned: '9990000003',
        blocked: '9990000004',
        rejected: '9990000005',
        reversed: '9990000006',
        failedAfterSuccess: '9990000007',
        neverReceived: '9990000008',
        failed: '0123456789',
      };
      const members = Object.fromEntries(
        await Promise.all(
          Object.entries(numbers).map(async ([name, n]) => [name, await payee('welcomeback', n)]),
        ),
      ) as Record<keyof typeof numbers, { id: string }>;
      const started = await api('POST', '/api/admin/payouts/run', {
        programme: 'welcomeback',
        period: '2026-01',
      });
      expect(started.statusCode).toBe(201);
      const runId = started.json().run.id as number;
      // A reversal or a failure after success follows once the platform has seen the success.
      await settled(ctx.app);
      await settled(ctx.app);
      const detail = await runDetail(runId);
      const of = (name: keyof typeof numbers) => payoutOf(detail, members[name].id);
      expect(of('success')).toMatchObject({ status: 'success', providerStatus: 'success' });
      expect(of('received')).toMatchObject({
        status: 'processing',
        providerStatus: 'received',
        statusText: expect.stringMatching(/^Paystack has received the transfer/),
      });
      // Paystack answered otp, then abandoned it: the platform still sees otp until it asks.
      expect(of('abandoned')).toMatchObject({ status: 'otp' });
      expect(of('blocked')).toMatchObject({
        status: 'failed',
        providerStatus: 'blocked',
        failureReason: 'Paystack blocked the transfer',
      });
      expect(of('rejected')).toMatchObject({
        status: 'failed',
        providerStatus: 'rejected',
        failureReason: 'Paystack rejected the transfer',
      });
      expect(of('reversed')).toMatchObject({ status: 'reversed', providerStatus: 'reversed' });
      expect(of('failed')).toMatchObject({ status: 'failed', providerStatus: 'failed' });
      // A failed after success is kept and flagged: the money is not moved on it, the operator is told.
      expect(of('failedAfterSuccess')).toMatchObject({
        status: 'success',
        providerStatus: 'failed',
        attention: { reason: expect.stringMatching(/reported this transfer failed after it had been paid/) },
      });
      // Paystack never received it (its outage): the payout stays held.
      expect(of('neverReceived')).toMatchObject({
        status: 'reserved',
        statusText: 'Held for this run; not sent to Paystack yet',
      });
      expect(detail.status).toBe('needs_attention');
      for (const name of ['blocked', 'rejected', 'reversed', 'failed'] as const)
        expect(of(name).attention, name).not.toBeNull();

      // Release: the abandoned one is asked about, recorded failed (its money back in the wallet) and released.
      const walletKey = (name: keyof typeof numbers) => `wallet:${members[name].id}`;
      const released = await api('POST', `/api/admin/payouts/${of('abandoned').id}/release`, {
        reason: 'The code was not given in time',
      });
      expect(released.statusCode).toBe(200);
      expect(await balanceOf(ctx.app, walletKey('abandoned'))).toBe(1_000_000);
      // The one Paystack never received is released once nobody has tried to send it for a few minutes.
      await ctx.app.db.execute(
        sql`update payouts set updated_at = now() - interval '10 minutes' where id = ${of('neverReceived').id}`,
      );
      expect(
        (
          await api('POST', `/api/admin/payouts/${of('neverReceived').id}/release`, {
            reason: 'Paystack never received it',
          })
        ).statusCode,
      ).toBe(200);
      expect(await balanceOf(ctx.app, walletKey('neverReceived'))).toBe(1_000_000);
      const after = await runDetail(runId);
      expect(payoutOf(after, members.abandoned.id)).toMatchObject({ status: 'released' });
      expect(payoutOf(after, members.neverReceived.id)).toMatchObject({ status: 'released' });
      expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
    });

    it('shows a status Paystack never documented to the operator instead of dropping it', async () => {
      const member = await payee('main', '9990000010', 500_000);
      const started = await api('POST', '/api/admin/payouts/run', { programme: 'main', period: '2026-02' });
      const runId = started.json().run.id as number;
      await settled(ctx.app);
      const waiting = payoutOf(await runDetail(runId), member.id);
      expect(waiting.status).toBe('processing');
      expect(
        await applyTransferOutcome(ctx.app.db, waiting.reference, { status: 'frozen', amountKobo: 500_000 }),
      ).toMatchObject({ applied: true, to: 'processing' });
      const detail = await runDetail(runId);
      expect(detail.status).toBe('needs_attention');
      expect(payoutOf(detail, member.id)).toMatchObject({
        providerStatus: 'frozen',
        statusText: expect.stringMatching(/status the platform does not know \("frozen"\)/),
        attention: { reason: expect.stringMatching(/"frozen"/) },
      });
    });

    it('answers a transfer webhook at once from its stored row and applies it through the job runner, once', async () => {
      const member = await payee('main', '9990000010', 300_000);
      const started = await api('POST', '/api/admin/payouts/run', { programme: 'main', period: '2026-03' });
      const runId = started.json().run.id as number;
      await settled(ctx.app);
      const payout = payoutOf(await runDetail(runId), member.id);
      // The transfer succeeds at Paystack; its event is received but the process "dies" before applying it.
      ctx.sandbox.deliverWebhooks = false;
      await ctx.sandbox.completeTransfer(payout.reference, 'success');
      ctx.sandbox.deliverWebhooks = true;
      const webhook = ctx.sandbox.webhooks.at(-1)!;
      await ctx.app.db.execute(
        sql`insert into payment_events (event, reference, payload) values (${webhook.event}, ${payout.reference}, ${webhook.rawBody}::jsonb)`,
      );
      expect(payoutOf(await runDetail(runId), member.id).status).toBe('processing');
      // The job runner finds the stored event and applies it.
      expect(await ctx.app.jobs.runDue(new Date(Date.now() + 120_000))).toContain('transfer-events');
      expect(payoutOf(await runDetail(runId), member.id).status).toBe('success');
      // Paystack sends it again: answered 200 within a second, and nothing moves twice.
      const settlementBefore = await balanceOf(ctx.app, 'provider_settlement:main');
      const startedAt = Date.now();
      expect(await postWebhook(ctx, webhook.rawBody, webhook.signature)).toBe(200);
      expect(Date.now() - startedAt).toBeLessThan(1_000);
      await settled(ctx.app);
      expect(await balanceOf(ctx.app, 'provider_settlement:main')).toBe(settlementBefore);
      const [waitingEvents] = await queryRows<{ n: number }>(
        ctx.app.db,
        sql`select count(*)::int as n from payment_events where processed_at is null and event like 'transfer.%'`,
      );
      expect(waitingEvents!.n).toBe(0);
    });

    it('keeps recipient codes per key mode: a code made under live keys is not used under test keys', async () => {
      const member = await payee('welcomeback', '0123456780', 400_000);
      await ctx.app.db.execute(
        sql`update bank_details set recipient_code = 'RCP_made_with_live_keys', recipient_key_mode = 'live' where account_id = ${member.id}`,
      );
      const started = await api('POST', '/api/admin/payouts/run', {
        programme: 'welcomeback',
        period: '2026-02',
      });
      expect(started.statusCode).toBe(201);
      await settled(ctx.app);
      const payout = payoutOf(await runDetail(started.json().run.id as number), member.id);
      expect(payout.status).toBe('success');
      const [bank] = await queryRows<{ recipient_code: string; recipient_key_mode: string }>(
        ctx.app.db,
        sql`select recipient_code, recipient_key_mode from bank_details where account_id = ${member.id}`,
      );
      // The sandbox's key is a test key: the recipient was made again under it, and kept with its mode.
      expect(bank!.recipient_key_mode).toBe('test');
      expect(bank!.recipient_code).toMatch(/^RCP_/);
      expect(bank!.recipient_code).not.toBe('RCP_made_with_live_keys');
    });
  },
);
