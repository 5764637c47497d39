import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { callApi, paymentFacts, startPayment, useListeningApp } from './payments-kit';
import { seedPlacedPayment, seedUnplacedPayment } from './refunds-kit';
import { activate } from './engine-test-kit';

/**
 * Paystack's settlements matched to the bank (issue 35, decision 0058), through the real Paystack client against
 * the sandbox, which settles as Paystack does: the charges not settled yet less Paystack's fees, less the refunds
 * processed and the chargebacks lost since the settlement before. The platform records each with its own figure
 * beside it and flags where the two differ.
 */
describeEachDatabase('settlements matched to the bank', (database) => {
  // One administrator decides refunds here: what is tried is the settlement, not the refund's approval.
  const ctx = useListeningApp(database, { SINGLE_ADMIN_APPROVAL: 'true' });
  let admin: Record<string, string>;
  beforeAll(async () => {
    const account = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Settlement Operator' });
    admin = await signInAs(ctx.app, account.id);
  });

  const drain = async () => {
    for (let i = 0; i < 3; i += 1) {
      await ctx.sandbox.idle();
      await ctx.app.paymentWork.settled();
    }
  };
  /** A payment seeded with the database's now(): dated a minute back, as the settlement's moment is this process's clock. */
  const backdate = (reference: string) =>
    ctx.app.db.execute(
      sql`update sandbox_transactions set paid_at = paid_at - interval '1 minute' where reference = ${reference}`,
    );
  const fetchNow = () => callApi(ctx, '/api/admin/settlements/fetch', { method: 'POST', headers: admin });
  const list = async () => (await callApi(ctx, '/api/admin/settlements', { headers: admin })).body;
  const detail = async (id: number) =>
    (await callApi(ctx, `/api/admin/settlements/${id}`, { headers: admin })).body;

  it('a settlement of a fee-bearing charge, a charge whose fees the company bore and a processed refund: its total is payments less fees and refunds, ours the same', async () => {
    // A member pays "with fees added": charged N50,850, Paystack's fees N850 (the customer bore them).
    const sponsor = await createTestAccount(ctx.app);
    await activate(ctx.app.db, 'main', sponsor.id);
    const payer = await createTestAccount(ctx.app, { sponsorAccountId: sponsor.id, fullName: 'Fee Payer' });
    const { checkoutUrl, reference: feeReference } = await startPayment(
      ctx,
      await signInAs(ctx.app, payer.id),
    );
    const paid = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'success_fees' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await expect
      .poll(async () => (await paymentFacts(ctx.app, feeReference, payer.id)).positions, { timeout: 15_000 })
      .toBe(1);

    // A second payment that placed nothing (charged N50,000, the company bore N850 of fees), refunded in full.
    const twice = await createTestAccount(ctx.app, { fullName: 'Twice Payer' });
    const refundReference = await seedUnplacedPayment(ctx.app, twice);
    await backdate(refundReference);
    await ctx.app.db.execute(
      sql`update payments set charged_kobo = 5000000, paystack_fees_kobo = 85000 where reference = ${refundReference}`,
    );
    const refunded = await callApi(ctx, `/api/admin/payments/${refundReference}/refunds`, {
      method: 'POST',
      headers: { ...admin, 'idempotency-key': randomUUID() },
      body: { reason: 'Paid twice from two checkouts' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await drain();
    expect(
      (await callApi(ctx, `/api/admin/payments/${refundReference}/refund`, { headers: admin })).body
        .refunds[0].status,
    ).toBe('processed');

    // Nothing settled yet: Paystack lists none.
    expect((await fetchNow()).body).toMatchObject({ fetched: 0, changed: 0, mismatched: 0 });

    // Paystack settles (the sandbox, as at the end of a day).
    const made = await ctx.sandbox.settlements.settle(new Date());
    // N50,850 + N50,000 charged, N850 + N850 fees, N50,000 refunded: N49,150 to the bank.
    expect(made).toMatchObject({
      totalProcessedKobo: 10_085_000,
      totalFeesKobo: 170_000,
      deductionsKobo: 5_000_000,
      totalAmountKobo: 10_085_000 - 170_000 - 5_000_000,
    });

    const fetched = await fetchNow();
    expect(fetched.status, JSON.stringify(fetched.body)).toBe(200);
    expect(fetched.body).toMatchObject({ fetched: 1, changed: 1, mismatched: 0 });
    const page = await list();
    expect(page.total).toBe(1);
    expect(page.lastFetchedAt).not.toBeNull();
    expect(page.items[0]).toMatchObject({
      providerSettlementId: made!.id,
      status: 'success',
      paymentCount: 2,
      processed: '100850.00',
      fees: '1700.00',
      deductions: '50000.00',
      refunds: '50000.00',
      chargebacks: '0.00',
      total: '49150.00',
      oursTotal: '49150.00',
      mismatch: false,
      mismatchNote: null,
      tickedAt: null,
    });

    const one = await detail(page.items[0].id);
    expect(one.lines).toEqual([
      expect.objectContaining({
        kind: 'payment',
        reference: expect.any(String),
        problem: null,
      }),
      expect.objectContaining({ kind: 'payment', problem: null }),
      expect.objectContaining({
        kind: 'refund',
        reference: refundReference,
        amount: '50000.00',
        net: '-50000.00',
        memberName: 'Twice Payer',
      }),
    ]);
    expect(one.lines.find((l: { reference: string }) => l.reference === feeReference)).toMatchObject({
      amount: '50850.00',
      fees: '850.00',
      providerAmount: '50850.00',
      providerFees: '850.00',
      net: '50000.00',
      memberName: 'Fee Payer',
    });
    expect(
      one.lines.find(
        (l: { reference: string; kind: string }) => l.kind === 'payment' && l.reference === refundReference,
      ),
    ).toMatchObject({
      amount: '50000.00',
      providerAmount: '50000.00',
      net: '49150.00',
    });

    // Asked again, Paystack's unchanged settlement is only touched; and nothing is settled twice.
    expect((await fetchNow()).body).toMatchObject({ fetched: 1, changed: 0 });
    expect(await ctx.sandbox.settlements.settle(new Date())).toBeNull();
  });

  it('flags a settlement whose figures differ from ours: a charge we have no payment for, a refund we never asked', async () => {
    // Paystack settles a charge of a reference we never made (as a charge made outside the platform would be).
    const stranger = `zz${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    await ctx.app.db
      .execute(sql`insert into sandbox_transactions (reference, email, amount_kobo, currency, status, paid_at)
      values (${stranger}, 'someone@example.com', 2000000, 'NGN', 'success', now() - interval '1 minute')`);
    // And a refund of it that Paystack processed though we never asked for it: deducted, unknown to us. Both are
    // dated a minute back: the database server's clock writes now(), the settlement's moment is this process's.
    await ctx.app.db
      .execute(sql`insert into sandbox_refunds (transaction_reference, amount_kobo, currency, status, customer_note, merchant_note, created_at, updated_at)
      values (${stranger}, 500000, 'NGN', 'processed', '', 'From the dashboard', now() - interval '1 minute', now() - interval '1 minute')`);
    const made = (await ctx.sandbox.settlements.settle(new Date()))!;
    expect(made.totalAmountKobo).toBe(2_000_000 - 40_000 - 500_000);
    const fetched = await fetchNow();
    expect(fetched.body).toMatchObject({ changed: 1, mismatched: 1 });
    expect(fetched.body.message).toContain('1 of them differing from our records');
    const item = (await list()).items.find(
      (s: { providerSettlementId: number }) => s.providerSettlementId === made.id,
    );
    expect(item).toMatchObject({
      mismatch: true,
      total: '14600.00',
      oursTotal: '0.00',
      deductions: '5000.00',
      refunds: '0.00',
      paymentCount: 1,
    });
    expect(item.mismatchNote).toContain('1 payment does not match our records');
    expect(item.mismatchNote).toContain(
      'Paystack deducted ₦5,000; our refunds and chargebacks of the period come to ₦0',
    );
    expect(item.mismatchNote).toContain('by our records it should be');
    const one = await detail(item.id);
    expect(one.lines).toEqual([
      expect.objectContaining({
        kind: 'payment',
        reference: stranger,
        amount: null,
        providerAmount: '20000.00',
        problem: 'No payment of ours has this reference',
      }),
    ]);
    // The settlement that agreed stays unflagged.
    expect((await list()).items.filter((s: { mismatch: boolean }) => !s.mismatch)).toHaveLength(1);
  });

  it('deducts a lost dispute (chargeback) on both sides', async () => {
    const member = await createTestAccount(ctx.app, { fullName: 'Disputed Payer' });
    const reference = await seedPlacedPayment(ctx.app, member);
    await backdate(reference);
    // Settled first, as a payment is the day after it is made.
    const first = (await ctx.sandbox.settlements.settle(new Date()))!;
    expect(first.totalAmountKobo).toBe(5_000_000 - 85_000);
    const raised = await fetch(
      `${ctx.url}/sandbox/paystack/checkout/records/${encodeURIComponent(reference)}/dispute`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
    );
    expect(raised.status).toBe(200);
    const disputeId = ((await raised.json()) as { data: { id: number } }).data.id;
    await drain();
    // Accepted at Paystack (the customer's claim stands): Paystack takes the N50,000 back from the next settlement.
    const answered = await ctx.app.payments.answerDispute({
      disputeId,
      resolution: 'merchant-accepted',
      message: 'Refund the customer',
      refundAmountKobo: 5_000_000,
      statement: 'Membership paid.',
    });
    expect(answered).toMatchObject({ status: 'resolved' });
    await drain();
    const lost = (await ctx.sandbox.settlements.settle(new Date()))!;
    expect(lost).toMatchObject({
      totalProcessedKobo: 0,
      deductionsKobo: 5_000_000,
      totalAmountKobo: -5_000_000,
    });

    await fetchNow();
    const items = (await list()).items as { providerSettlementId: number; id: number }[];
    const paidDay = items.find((s) => s.providerSettlementId === first.id)!;
    const lostDay = items.find((s) => s.providerSettlementId === lost.id)!;
    expect(paidDay).toMatchObject({ mismatch: false, total: '49150.00', oursTotal: '49150.00' });
    expect(lostDay).toMatchObject({
      mismatch: false,
      chargebacks: '50000.00',
      deductions: '50000.00',
      total: '-50000.00',
      oursTotal: '-50000.00',
    });
    expect((await detail(lostDay.id)).lines).toEqual([
      expect.objectContaining({ kind: 'chargeback', reference, amount: '50000.00', net: '-50000.00' }),
    ]);
  });

  it('the operator ticks a settlement found on the bank statement; members are refused', async () => {
    const { items } = await list();
    const ticked = await callApi(ctx, `/api/admin/settlements/${items[0].id}/tick`, {
      method: 'POST',
      headers: admin,
      body: { ticked: true },
    });
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    expect(ticked.body.settlement).toMatchObject({ tickedBy: { fullName: 'Settlement Operator' } });
    expect(ticked.body.settlement.tickedAt).not.toBeNull();
    const unticked = await callApi(ctx, `/api/admin/settlements/${items[0].id}/tick`, {
      method: 'POST',
      headers: admin,
      body: { ticked: false },
    });
    expect(unticked.body.settlement).toMatchObject({ tickedAt: null, tickedBy: null });
    expect((await callApi(ctx, '/api/admin/settlements/999999', { headers: admin })).status).toBe(404);

    const member = await signInAs(ctx.app, (await createTestAccount(ctx.app)).id);
    expect((await callApi(ctx, '/api/admin/settlements', { headers: member })).status).toBe(403);
    expect(
      (await callApi(ctx, '/api/admin/settlements/fetch', { method: 'POST', headers: member })).status,
    ).toBe(403);
  });
});
