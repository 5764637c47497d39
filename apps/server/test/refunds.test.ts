import { formatNaira } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { mailsTo } from './auth-kit';
import { describeEachDatabase } from './databases';
import { callApi, postWebhook, useListeningApp } from './payments-kit';
import { refundLedger, seedPlacedPayment, seedUnplacedPayment } from './refunds-kit';

type Admin = { id: string; email: string; headers: Record<string, string> };

/** Refunds through the real Paystack client against the sandbox over HTTP, approved by a second administrator. */
describeEachDatabase('refunds of payments that placed no position', (database) => {
  const ctx = useListeningApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
  let maker: Admin;
  let checker: Admin;
  beforeAll(async () => {
    const admin = async (fullName: string) => {
      const account = await createTestAccount(ctx.app, { role: 'admin', fullName, secondFactor: true });
      return { id: account.id, email: account.email, headers: await signInAs(ctx.app, account.id) };
    };
    maker = await admin('Refund Maker');
    checker = await admin('Refund Checker');
  });

  const ask = (reference: string, body: Record<string, unknown>, key = randomUUID(), who = maker) =>
    callApi(ctx, `/api/admin/payments/${reference}/refunds`, {
      method: 'POST',
      headers: { ...who.headers, 'idempotency-key': key },
      body,
    });
  const approve = (id: number, who: Admin) =>
    callApi(ctx, `/api/admin/approvals/${id}/approve`, { method: 'POST', headers: who.headers });
  const overview = async (reference: string) =>
    (await callApi(ctx, `/api/admin/payments/${reference}/refund`, { headers: maker.headers })).body;
  /** Waits for the sandbox's steps and the platform's handling of their events. */
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) {
      await ctx.sandbox.idle();
      await ctx.app.paymentWork.settled();
    }
  };
  const sandboxRefunds = async (reference: string) =>
    (
      await queryRows<{ amount_kobo: string; status: string }>(
        ctx.app.db,
        sql`select amount_kobo, status from sandbox_refunds where transaction_reference = ${reference} order by id`,
      )
    ).map((r) => ({ amountKobo: Number(r.amount_kobo), status: r.status }));
  const awaiting = async (email: string) =>
    (
      (
        await callApi(ctx, '/api/admin/liabilities/refunds-due?programme=main&pageSize=100', {
          headers: maker.headers,
        })
      ).body.items as { email: string; amount: string }[]
    ).filter((i) => i.email === email);

  it('a refund approved by a second administrator calls Paystack once, posts the ledger and mails the member; pressing, approving or replaying again moves nothing', async () => {
    const payer = await createTestAccount(ctx.app, { fullName: 'Double Payer' });
    const reference = await seedUnplacedPayment(ctx.app, payer);
    expect(await awaiting(payer.email)).toEqual([expect.objectContaining({ amount: '50000.00' })]);

    const key = randomUUID();
    const asked = await ask(reference, { reason: 'Paid twice from two checkouts' }, key);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    // The request names its maker by name and email (issue 35: two administrators may share a name).
    expect(asked.body.approval).toMatchObject({
      kind: 'refund',
      amount: '50000.00',
      maker: { id: maker.id, fullName: 'Refund Maker', email: maker.email },
      checker: null,
    });
    // A second press of the same form, and a new form for the same payment, answer the same request.
    expect((await ask(reference, { reason: 'Paid twice from two checkouts' }, key)).body.approval.id).toBe(
      asked.body.approval.id,
    );
    expect((await ask(reference, { reason: 'again' })).body).toMatchObject({
      alreadyWaiting: true,
      approval: { id: asked.body.approval.id },
    });
    expect(await sandboxRefunds(reference)).toEqual([]);
    expect((await overview(reference)).waitingApproval).toMatchObject({ id: asked.body.approval.id });

    // The maker cannot approve; the second administrator can, once.
    expect((await approve(asked.body.approval.id, maker)).status).toBe(403);
    const [first, second] = await Promise.all([
      approve(asked.body.approval.id, checker),
      approve(asked.body.approval.id, checker),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((first.status === 200 ? first : second).body).toMatchObject({
      maker: { fullName: 'Refund Maker', email: maker.email },
      checker: { id: checker.id, fullName: 'Refund Checker', email: checker.email },
    });
    await settle();

    expect(await sandboxRefunds(reference)).toEqual([{ amountKobo: 5_000_000, status: 'processed' }]);
    const seen = await overview(reference);
    expect(seen).toMatchObject({
      refundable: false,
      left: '0.00',
      refunded: '50000.00',
      refusal: 'This payment has been refunded in full.',
    });
    expect(seen.refunds).toEqual([
      expect.objectContaining({
        status: 'processed',
        amount: '50000.00',
        requestedBy: { fullName: 'Refund Maker', email: maker.email },
        approvedBy: { fullName: 'Refund Checker', email: checker.email },
      }),
    ]);
    // Money in (refund due) and money out (refund): Paystack's balance and what is owed back are where they started.
    expect(await refundLedger(ctx.app, reference)).toEqual({
      entries: { refund: 1, refund_due: 1 },
      payableKobo: 0,
      settlementKobo: 0,
      unbalanced: 0,
    });
    expect(await awaiting(payer.email)).toEqual([]);
    const refundMails = async () =>
      (await mailsTo(ctx.app, payer.email, 0)).filter((m) => m.subject.startsWith('Refund sent:'));
    await expect.poll(async () => (await refundMails()).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await refundMails();
    expect(mail!.subject).toBe(`Refund sent: ${formatNaira(5_000_000)}`);
    expect(mail!.text).toContain(reference);
    const audit = await queryRows<{ action: string }>(
      ctx.app.db,
      sql`select action from audit_log where target_account_id = ${payer.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'approval_requested',
      'approval_approved',
      'refund_sent',
      'refund_processed',
    ]);

    // Paystack sends an event again (its retries): nothing moves.
    const processed = ctx.sandbox.webhooks.find(
      (w) => w.event === 'refund.processed' && w.reference === reference,
    )!;
    expect(await postWebhook(ctx, processed.rawBody, processed.signature)).toBe(200);
    await settle();
    expect(await refundLedger(ctx.app, reference)).toMatchObject({
      entries: { refund: 1, refund_due: 1 },
      payableKobo: 0,
    });
    expect(await sandboxRefunds(reference)).toHaveLength(1);
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from notifications where account_id = ${payer.id} and kind = 'refund_processed'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    // Nothing is left to refund.
    expect((await ask(reference, { reason: 'once more' })).body).toMatchObject({ code: 'nothing_left' });
  });

  it('a failed refund puts the payment back on the list awaiting refund, and moves no money', async () => {
    const payer = await createTestAccount(ctx.app, {
      email: `ada+refund-fails-${randomUUID().slice(0, 6)}@example.com`,
      fullName: 'Failing Refund',
    });
    const reference = await seedUnplacedPayment(ctx.app, payer);
    const asked = await ask(reference, { reason: 'Paid after closure' });
    expect((await approve(asked.body.approval.id, checker)).status).toBe(200);
    await settle();
    expect(await sandboxRefunds(reference)).toEqual([{ amountKobo: 5_000_000, status: 'failed' }]);
    const seen = await overview(reference);
    expect(seen).toMatchObject({ refundable: true, left: '50000.00', refunded: '0.00' });
    expect(seen.refunds).toEqual([
      expect.objectContaining({ status: 'failed', providerNote: 'Paystack reports that the refund failed' }),
    ]);
    expect(await awaiting(payer.email)).toEqual([expect.objectContaining({ amount: '50000.00' })]);
    expect(await refundLedger(ctx.app, reference)).toEqual({
      entries: { refund_due: 1 },
      payableKobo: 5_000_000,
      settlementKobo: -5_000_000,
      unbalanced: 0,
    });
    const told = async () =>
      (await mailsTo(ctx.app, checker.email, 0)).filter(
        (m) => m.subject.startsWith('Refund failed:') && m.text.includes(reference),
      );
    await expect.poll(async () => (await told()).length, { timeout: 10_000 }).toBe(1);
  });

  it('refunds part of a payment, keeps the rest owed, then refunds the rest', async () => {
    const payer = await createTestAccount(ctx.app, { fullName: 'Partial Payer' });
    const reference = await seedUnplacedPayment(ctx.app, payer);
    const owedBefore = (
      await callApi(ctx, '/api/admin/liabilities?programme=main', { headers: maker.headers })
    ).body.refundsDue;

    const part = await ask(reference, { amount: '20,000', reason: 'Part now, the rest after a check' });
    expect(part.body.approval.amount).toBe('20000.00');
    expect((await approve(part.body.approval.id, checker)).status).toBe(200);
    await settle();
    expect(await sandboxRefunds(reference)).toEqual([{ amountKobo: 2_000_000, status: 'processed' }]);
    expect(await overview(reference)).toMatchObject({
      refundable: true,
      left: '30000.00',
      refunded: '20000.00',
    });
    expect(await awaiting(payer.email)).toEqual([expect.objectContaining({ amount: '30000.00' })]);
    const owed = (await callApi(ctx, '/api/admin/liabilities?programme=main', { headers: maker.headers }))
      .body.refundsDue;
    expect(Math.round(Number(owed.value) * 100)).toBe(Math.round(Number(owedBefore.value) * 100) - 2_000_000);
    expect(await refundLedger(ctx.app, reference)).toMatchObject({ payableKobo: 3_000_000, unbalanced: 0 });
    // More than is left is refused before any request is made.
    expect((await ask(reference, { amount: '30000.01', reason: 'too much' })).body).toMatchObject({
      code: 'bad_amount',
    });

    const rest = await ask(reference, { reason: 'The rest' });
    expect(rest.body.approval.amount).toBe('30000.00');
    expect((await approve(rest.body.approval.id, checker)).status).toBe(200);
    await settle();
    expect((await sandboxRefunds(reference)).map((r) => r.status)).toEqual(['processed', 'processed']);
    expect(await refundLedger(ctx.app, reference)).toEqual({
      entries: { refund: 2, refund_due: 1 },
      payableKobo: 0,
      settlementKobo: 0,
      unbalanced: 0,
    });
    expect(await awaiting(payer.email)).toEqual([]);
  });

  it('leaves a payment off the list awaiting refund while a partial refund of it is with Paystack, and still owes all of it', async () => {
    const payer = await createTestAccount(ctx.app, {
      email: `ada+refund-waits-${randomUUID().slice(0, 6)}@example.com`,
      fullName: 'Waiting Partial',
    });
    const reference = await seedUnplacedPayment(ctx.app, payer);
    const owedBefore = (
      await callApi(ctx, '/api/admin/liabilities?programme=main', { headers: maker.headers })
    ).body.refundsDue;
    const part = await ask(reference, { amount: '20,000', reason: 'Part now, the rest after a check' });
    expect((await approve(part.body.approval.id, checker)).status).toBe(200);
    await settle();
    expect((await sandboxRefunds(reference)).map((r) => r.status)).toEqual(['processing']);
    // Its Refund would be refused while the first is with Paystack, so the list does not offer it (decision 0033).
    expect(await awaiting(payer.email)).toEqual([]);
    expect(
      (await ask(reference, { amount: '10,000', reason: 'More before the first is done' })).body,
    ).toMatchObject({ code: 'refund_under_way' });
    const owed = (await callApi(ctx, '/api/admin/liabilities?programme=main', { headers: maker.headers }))
      .body.refundsDue;
    expect(Math.round(Number(owed.value) * 100)).toBe(Math.round(Number(owedBefore.value) * 100));
  });

  it('refuses to refund a payment that placed a position, and says why', async () => {
    const member = await createTestAccount(ctx.app, { fullName: 'Placed Member' });
    const reference = await seedPlacedPayment(ctx.app, member);
    const refused = await ask(reference, { reason: 'Wants the money back' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'position_placed',
      message: expect.stringContaining('Refunding an activated position'),
    });
    expect(await overview(reference)).toMatchObject({
      refundable: false,
      payment: { placed: true },
      refusal: expect.stringContaining('Refunding an activated position'),
    });
    expect(await sandboxRefunds(reference)).toEqual([]);
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from approval_requests where subject_key = ${`refund:${reference}`}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});

describe('with one administrator (SINGLE_ADMIN_APPROVAL)', () => {
  describeEachDatabase('a refund runs at once', (database) => {
    const ctx = useListeningApp(database, { SINGLE_ADMIN_APPROVAL: 'true' });
    it('sends the refund on the first press and never twice for the same form', async () => {
      const account = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Sole Admin' });
      const headers = { ...(await signInAs(ctx.app, account.id)), 'idempotency-key': randomUUID() };
      const payer = await createTestAccount(ctx.app);
      const reference = await seedUnplacedPayment(ctx.app, payer, 500_000);
      const [a, b] = await Promise.all(
        [0, 1].map(() =>
          callApi(ctx, `/api/admin/payments/${reference}/refunds`, {
            method: 'POST',
            headers,
            body: { amount: '', reason: 'Duplicate payment' },
          }),
        ),
      );
      expect([a!.status, b!.status]).toEqual([200, 200]);
      expect(a!.body.refund.id).toBe(b!.body.refund.id);
      await ctx.sandbox.idle();
      await ctx.app.paymentWork.settled();
      await ctx.sandbox.idle();
      await ctx.app.paymentWork.settled();
      const rows = await queryRows<{ status: string }>(
        ctx.app.db,
        sql`select status from sandbox_refunds where transaction_reference = ${reference}`,
      );
      expect(rows).toEqual([{ status: 'processed' }]);
    });
  });
});
