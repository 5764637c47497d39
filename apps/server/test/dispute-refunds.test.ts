import { formatNaira } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { callApi, useListeningApp } from './payments-kit';
import { seedUnplacedPayment } from './refunds-kit';

/**
 * A refund and a dispute of one payment know of each other (issue 35, decision 0056), through the real Paystack
 * client against the sandbox: the dispute shows the payment's refunds, accepting a dispute of a payment refunded
 * in full is refused and contesting it gives the refund as evidence, and no refund is asked while a dispute is open.
 */
describeEachDatabase('a refund and a dispute of one payment', (database) => {
  // One administrator decides refunds here: what is tried is the refund against the dispute, not its approval.
  const ctx = useListeningApp(database, { SINGLE_ADMIN_APPROVAL: 'true' });
  let admin: Record<string, string>;
  beforeAll(async () => {
    const account = await createTestAccount(ctx.app, {
      role: 'admin',
      fullName: 'Dispute Admin',
      secondFactor: true,
    });
    admin = await signInAs(ctx.app, account.id);
  });

  const settle = async () => {
    for (let i = 0; i < 3; i += 1) {
      await ctx.sandbox.idle();
      await ctx.app.paymentWork.settled();
    }
  };
  const askRefund = (reference: string) =>
    callApi(ctx, `/api/admin/payments/${reference}/refunds`, {
      method: 'POST',
      headers: { ...admin, 'idempotency-key': randomUUID() },
      body: { reason: 'Paid twice from two checkouts' },
    });
  const raiseDispute = async (reference: string) => {
    const raised = await fetch(
      `${ctx.url}/sandbox/paystack/checkout/records/${encodeURIComponent(reference)}/dispute`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    );
    expect(raised.status).toBe(200);
    await settle();
    return ((await raised.json()) as { data: { id: number } }).data.id;
  };
  const disputeOf = async (accountId: string) =>
    (await callApi(ctx, `/api/admin/disputes?state=all&accountId=${accountId}`, { headers: admin })).body
      .items[0];
  const answer = (id: number, body: { answer: 'accept' | 'contest'; note: string }) =>
    callApi(ctx, `/api/admin/disputes/${id}/answer`, { method: 'POST', headers: admin, body });
  const atPaystack = async (paystackId: number) =>
    (
      await queryRows<{
        status: string;
        resolution: string | null;
        evidence: { service_details: string } | null;
      }>(ctx.app.db, sql`select status, resolution, evidence from sandbox_disputes where id = ${paystackId}`)
    )[0]!;

  it('shows the refunds on the dispute, refuses to accept a dispute of a payment refunded in full, and contests it with the refund as evidence', async () => {
    const payer = await createTestAccount(ctx.app, { fullName: 'Refunded Payer' });
    const reference = await seedUnplacedPayment(ctx.app, payer);
    const refunded = await askRefund(reference);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await settle();
    const [sent] = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`select id from sandbox_refunds where transaction_reference = ${reference}`,
    );

    // The customer's bank disputes the payment afterwards: the dispute shows the refund.
    const paystackId = await raiseDispute(reference);
    const dispute = await disputeOf(payer.id);
    expect(dispute).toMatchObject({
      paystackId,
      open: true,
      payment: { reference, amount: '50000.00' },
      refundedInFull: true,
      refunds: [
        {
          amount: '50000.00',
          status: 'processed',
          providerRefundId: Number(sent!.id),
          endedAt: expect.any(String),
        },
      ],
    });

    // Accepting would send the ₦50,000 out a second time: refused, nothing reaches Paystack, nothing is recorded.
    const accepted = await answer(dispute.id, { answer: 'accept', note: 'Give it back' });
    expect(accepted.status).toBe(409);
    expect(accepted.body.code).toBe('dispute_refunded');
    expect(accepted.body.message).toMatch(
      new RegExp(`^Payment ${reference} was already refunded in full: Refund of `),
    );
    expect(accepted.body.message).toContain(
      `Refund of ${formatNaira(5_000_000)} (Paystack refund ${sent!.id}), asked on `,
    );
    expect(accepted.body.message).toMatch(/contest it instead and give the refund as evidence\.$/);
    expect(await atPaystack(paystackId)).toMatchObject({
      status: 'awaiting-merchant-feedback',
      evidence: null,
    });
    expect((await disputeOf(payer.id)).answer).toBeNull();

    // Contesting it is what is left: Paystack's evidence names the refund.
    const contested = await answer(dispute.id, {
      answer: 'contest',
      note: `Refunded in full before the dispute (Paystack refund ${sent!.id}).`,
    });
    expect(contested.status, JSON.stringify(contested.body)).toBe(200);
    const seen = await atPaystack(paystackId);
    expect(seen).toMatchObject({ status: 'resolved', resolution: 'declined' });
    expect(seen.evidence!.service_details).toContain(
      'The payment was refunded to the customer before this dispute:',
    );
    expect(seen.evidence!.service_details).toContain(`(Paystack refund ${sent!.id})`);
  });

  it('refuses a refund while a dispute of the payment is open, and allows it once Paystack has resolved the dispute', async () => {
    const payer = await createTestAccount(ctx.app, { fullName: 'Disputing Payer' });
    const reference = await seedUnplacedPayment(ctx.app, payer);
    const paystackId = await raiseDispute(reference);

    const refused = await askRefund(reference);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'refund_disputed',
      message: `Payment ${reference} is disputed at Paystack (dispute ${paystackId}): no refund can be asked while the dispute is open. Answer the dispute on the Disputes page instead.`,
    });
    const overview = (await callApi(ctx, `/api/admin/payments/${reference}/refund`, { headers: admin })).body;
    expect(overview).toMatchObject({ refundable: false, refusal: refused.body.message });
    const sandboxRefunds = () =>
      queryRows(ctx.app.db, sql`select id from sandbox_refunds where transaction_reference = ${reference}`);
    expect(await sandboxRefunds()).toEqual([]);
    expect((await disputeOf(payer.id)).refunds).toEqual([]);

    // Paystack resolves it (contested, the bank declined the claim): the payment may be refunded again.
    expect(
      (await answer((await disputeOf(payer.id)).id, { answer: 'contest', note: 'Not placed' })).status,
    ).toBe(200);
    await settle();
    expect((await disputeOf(payer.id)).open).toBe(false);
    expect((await askRefund(reference)).status).toBe(200);
    expect(await sandboxRefunds()).toHaveLength(1);
  });

  it("leaves a payment with an open dispute off the awaiting-refund list; lost through Paystack's resolve event, it is paid back in the books once and no refund is asked", async () => {
    const payer = await createTestAccount(ctx.app, { fullName: 'Charged Back Payer' });
    const reference = await seedUnplacedPayment(ctx.app, payer);
    const listed = async () =>
      (
        (
          await callApi(ctx, '/api/admin/liabilities/refunds-due?programme=main&pageSize=100', {
            headers: admin,
          })
        ).body as { items: { reference: string }[] }
      ).items.map((i) => i.reference);
    const owed = async () =>
      (await callApi(ctx, '/api/admin/liabilities?programme=main', { headers: admin })).body as {
        refundsDue: { count: number; value: string };
        feesReceived: string;
        chargebacks: { count: number; value: string; loss: string };
      };
    await settle(); // the earlier tests' refunds finish first: what is owed moves only by this payment below
    expect(await listed()).toContain(reference);
    const before = await owed();

    // While the dispute is open no refund can be asked, so the payment is not listed as awaiting one; still owed.
    const paystackId = await raiseDispute(reference);
    expect(await listed()).not.toContain(reference);
    expect((await owed()).refundsDue).toEqual(before.refundsDue);

    // Paystack resolves it for the customer (the bank took the money back), and says so again.
    const created = ctx.sandbox.webhooks.find(
      (w) => w.event === 'charge.dispute.create' && w.reference === reference,
    )!;
    const data = (JSON.parse(created.rawBody) as { data: Record<string, unknown> }).data;
    const resolved = {
      ...data,
      status: 'resolved',
      resolution: 'merchant-accepted',
      resolvedAt: new Date().toISOString(),
    };
    await ctx.sandbox.sendWebhook('charge.dispute.resolve', reference, resolved);
    await settle();
    await ctx.sandbox.sendWebhook('charge.dispute.resolve', reference, resolved);
    await settle();

    // The chargeback paid the payer back: refunds payable and Paystack's balance move by it, no fee, no loss.
    const lines = await queryRows<{ key: string; amount_kobo: string }>(
      ctx.app.db,
      sql`select a.key, l.amount_kobo from journal_entries e join journal_lines l on l.entry_id = e.id
          join ledger_accounts a on a.id = l.ledger_account_id
          where e.idempotency_key = ${`chargeback:${reference}:${paystackId}`} order by a.key`,
    );
    expect(lines.map((l) => [l.key, Number(l.amount_kobo)])).toEqual([
      ['provider_settlement:main', 5_000_000],
      ['refunds_payable:main', -5_000_000],
    ]);
    const after = await owed();
    expect(after.refundsDue.count).toBe(before.refundsDue.count - 1);
    expect(Number(after.refundsDue.value)).toBe(Number(before.refundsDue.value) - 50_000);
    expect(after.feesReceived).toBe(before.feesReceived);
    expect(after.chargebacks.count).toBe(before.chargebacks.count + 1);
    expect(after.chargebacks.loss).toBe(before.chargebacks.loss);
    expect(await listed()).not.toContain(reference);
    expect((await disputeOf(payer.id)).lost).toMatchObject({
      amount: '50000.00',
      paidOutBefore: '0.00',
      memberHeld: false,
    });

    // A refund beside it would pay the customer twice.
    const refused = await askRefund(reference);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('refund_charged_back');

    // The payer is told once; a payment that placed nothing holds nothing.
    const told = await queryRows<{ n: string }>(
      ctx.app.db,
      sql`select count(*) as n from mail_queue where account_id = ${payer.id} and subject like 'Payment taken back by your bank%'`,
    );
    expect(Number(told[0]!.n)).toBe(1);
    const flags = await queryRows(
      ctx.app.db,
      sql`select id from fraud_flags where account_id = ${payer.id} and rule = 'chargeback_lost'`,
    );
    expect(flags).toEqual([]);
  });
});
