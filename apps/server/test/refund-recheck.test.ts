import { formatNaira } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { recheckRefund, recheckWaitingRefunds } from '../src/modules/refunds/refund-recheck';
import { createTestAccount, signInAs } from './accounts-kit';
import { mailsTo } from './auth-kit';
import { describeEachDatabase } from './databases';
import { callApi, postWebhook, useListeningApp } from './payments-kit';
import { refundLedger, seedUnplacedPayment } from './refunds-kit';

const HOUR = 3_600_000;

/**
 * A refund that waits on Paystack is asked again (GET /refund/:id) through the real Paystack client against the
 * sandbox over HTTP: by the recheck job after REFUND_RECHECK_HOURS, and by an administrator's "Ask Paystack now".
 * Paystack's answer moves the refund once, however often it is heard. One administrator, so a refund goes at once.
 */
describeEachDatabase('refunds waiting on Paystack are asked again', (database) => {
  const ctx = useListeningApp(database, { SINGLE_ADMIN_APPROVAL: 'true', REFUND_RECHECK_HOURS: '6' });
  let admin: { id: string; email: string; headers: Record<string, string> };
  beforeAll(async () => {
    const account = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Refund Operator' });
    admin = { id: account.id, email: account.email, headers: await signInAs(ctx.app, account.id) };
  });

  const settle = async () => {
    for (let i = 0; i < 3; i += 1) {
      await ctx.sandbox.idle();
      await ctx.app.paymentWork.settled();
    }
  };
  /** A refund of all of a payment, sent at once; answers the platform's refund as the screen sees it. */
  const refundOf = async (payer: { id: string; email: string }) => {
    const reference = await seedUnplacedPayment(ctx.app, payer);
    const sent = await callApi(ctx, `/api/admin/payments/${reference}/refunds`, {
      method: 'POST',
      headers: { ...admin.headers, 'idempotency-key': randomUUID() },
      body: { reason: 'Paid twice from two checkouts' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await settle();
    return { reference, id: sent.body.refund.id as number };
  };
  const overview = async (reference: string) =>
    (await callApi(ctx, `/api/admin/payments/${reference}/refund`, { headers: admin.headers })).body;
  const sandboxRefundOf = async (reference: string) => {
    const [row] = await queryRows<{ id: number; status: string }>(
      ctx.app.db,
      sql`select id, status from sandbox_refunds where transaction_reference = ${reference}`,
    );
    return row!;
  };
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(ctx.app.db, query))[0]!.n;
  const waitsPayer = () =>
    createTestAccount(ctx.app, {
      email: `ada+refund-waits-${randomUUID().slice(0, 6)}@example.com`,
      fullName: 'Waiting Payer',
    });

  it("a refund whose events overtake Paystack's answer to POST /refund is still asked about by its id once the answer comes", async () => {
    // Paystack's answer held back until its refund events have been received and applied (as on a busy machine):
    // the events find a refund without Paystack's id and move it by their own word.
    const createRefund = ctx.app.payments.createRefund;
    ctx.app.payments.createRefund = async (ask) => {
      const answer = await createRefund(ask);
      await settle();
      return answer;
    };
    try {
      const payer = await waitsPayer();
      const { reference, id } = await refundOf(payer);
      const paystack = await sandboxRefundOf(reference);
      const seen = (await overview(reference)).refunds[0];
      expect(seen).toMatchObject({ id, status: paystack.status, providerRefundId: paystack.id });
      expect(seen.checkedAt).not.toBeNull();
    } finally {
      ctx.app.payments.createRefund = createRefund;
    }
  });

  it('a refund processed at Paystack whose event was lost is settled by the job once: run twice, or twice at once, it moves once', async () => {
    const payer = await waitsPayer();
    const { reference, id } = await refundOf(payer);
    const paystack = await sandboxRefundOf(reference);
    expect(paystack.status).toBe('processing');

    // The admin answer: Paystack's id, the age, Paystack's expected date and when it was last asked (the events' checks).
    // The refund's events are applied in the background after the webhook's answer; on a busy machine they may come
    // after the sandbox and the payment work are idle, so the check waits for them as the member's mail does below.
    await expect
      .poll(async () => (await overview(reference)).refunds[0].checkedAt, { timeout: 10_000 })
      .not.toBeNull();
    const seen = (await overview(reference)).refunds[0];
    expect(seen).toMatchObject({
      id,
      status: 'processing',
      providerRefundId: paystack.id,
      waitingHours: 0,
      endedAt: null,
    });
    expect(Date.parse(seen.expectedAt)).toBeGreaterThan(Date.now());
    expect(seen.checkedAt).not.toBeNull();
    const record = (await callApi(ctx, `/api/admin/members/${payer.id}`, { headers: admin.headers })).body;
    expect(record.payments.find((p: { reference: string }) => p.reference === reference).refunds).toEqual([
      expect.objectContaining({ id, status: 'processing', providerRefundId: paystack.id, waitingHours: 0 }),
    ]);

    // The member was told the refund started, once, with the amount and when to expect it.
    const started = async () =>
      (await mailsTo(ctx.app, payer.email, 0)).filter(
        (m) => m.subject === `Refund started: ${formatNaira(5_000_000)}`,
      );
    await expect.poll(async () => (await started()).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await started();
    expect(mail!.text).toContain(reference);
    expect(mail!.text).toMatch(/back with you by \d{1,2} \w+ \d{4}|has not given a date yet/);

    // Paystack pays it back, and its refund.processed never reaches us.
    await ctx.sandbox.refunds.move(paystack.id, 'processed', new Date());
    // Not asked before REFUND_RECHECK_HOURS have passed.
    const soon = new Date(Date.now() + 5 * HOUR);
    expect(await recheckWaitingRefunds(ctx.app, soon)).toMatchObject({ moved: 0, unchanged: 0 });
    expect((await overview(reference)).refunds[0].status).toBe('processing');

    const later = new Date(Date.now() + 7 * HOUR);
    expect(await recheckWaitingRefunds(ctx.app, later)).toMatchObject({ moved: 1 });
    expect(await recheckWaitingRefunds(ctx.app, later)).toMatchObject({ moved: 0, unchanged: 0 });
    const both = await Promise.all([recheckRefund(ctx.app, id, later), recheckRefund(ctx.app, id, later)]);
    expect(both.map((b) => b!.outcome)).toEqual(['ended', 'ended']);

    const after = await overview(reference);
    expect(after).toMatchObject({ left: '0.00', refunded: '50000.00' });
    expect(after.refunds[0]).toMatchObject({
      status: 'processed',
      waitingHours: null,
      checkedAt: later.toISOString(),
    });
    expect(await refundLedger(ctx.app, reference)).toEqual({
      entries: { refund: 1, refund_due: 1 },
      payableKobo: 0,
      settlementKobo: 0,
      unbalanced: 0,
    });
    expect(
      await count(
        sql`select count(*)::int as n from notifications where account_id = ${payer.id} and kind = 'refund_processed'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where target_account_id = ${payer.id} and action = 'refund_processed'`,
      ),
    ).toBe(1);
  });

  it('two asks at the same moment apply a processed answer once', async () => {
    const payer = await waitsPayer();
    const { reference, id } = await refundOf(payer);
    await ctx.sandbox.refunds.move((await sandboxRefundOf(reference)).id, 'processed', new Date());
    const later = new Date(Date.now() + 7 * HOUR);
    const both = await Promise.all([recheckRefund(ctx.app, id, later), recheckRefund(ctx.app, id, later)]);
    expect(both.map((b) => b!.outcome).sort()).toEqual(['ended', 'moved']);
    expect(await refundLedger(ctx.app, reference)).toMatchObject({
      entries: { refund: 1, refund_due: 1 },
      payableKobo: 0,
      unbalanced: 0,
    });
    expect(
      await count(
        sql`select count(*)::int as n from notifications where account_id = ${payer.id} and kind = 'refund_processed'`,
      ),
    ).toBe(1);
  });

  it("a refund that failed at Paystack while its events were lost is failed by the job once, and Paystack's late events move nothing", async () => {
    const payer = await createTestAccount(ctx.app, {
      email: `ada+refund-fails-${randomUUID().slice(0, 6)}@example.com`,
      fullName: 'Failing Payer',
    });
    ctx.sandbox.deliverWebhooks = false;
    let reference: string;
    let id: number;
    try {
      ({ reference, id } = await refundOf(payer));
    } finally {
      ctx.sandbox.deliverWebhooks = true;
    }
    expect((await sandboxRefundOf(reference)).status).toBe('failed');
    expect((await overview(reference)).refunds[0]).toMatchObject({ id, status: 'pending' });

    const later = new Date(Date.now() + 7 * HOUR);
    expect(await recheckWaitingRefunds(ctx.app, later)).toMatchObject({ moved: 1 });
    expect(await recheckWaitingRefunds(ctx.app, later)).toMatchObject({ moved: 0 });
    const seen = await overview(reference);
    expect(seen).toMatchObject({ refundable: true, left: '50000.00', refunded: '0.00' });
    expect(seen.refunds[0]).toMatchObject({
      status: 'failed',
      providerNote: 'Paystack reports that the refund failed',
    });

    // Paystack's held events arrive late: nothing moves again.
    for (const held of ctx.sandbox.webhooks.filter(
      (w) => w.reference === reference && w.event.startsWith('refund.'),
    ))
      expect(await postWebhook(ctx, held.rawBody, held.signature)).toBe(200);
    await settle();
    expect((await overview(reference)).refunds[0].status).toBe('failed');
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where target_account_id = ${payer.id} and action = 'refund_failed'`,
      ),
    ).toBe(1);
    expect(await refundLedger(ctx.app, reference)).toEqual({
      entries: { refund_due: 1 },
      payableKobo: 5_000_000,
      settlementKobo: -5_000_000,
      unbalanced: 0,
    });
    const told = async () =>
      (await mailsTo(ctx.app, admin.email, 0)).filter(
        (m) => m.subject.startsWith('Refund failed:') && m.text.includes(reference),
      );
    await expect.poll(async () => (await told()).length, { timeout: 10_000 }).toBe(1);
  });

  it('Ask Paystack now: says what Paystack says, applies it once, and is audited with who asked and from where', async () => {
    const payer = await waitsPayer();
    const { reference, id } = await refundOf(payer);
    const ask = () =>
      callApi(ctx, `/api/admin/refunds/${id}/check`, { method: 'POST', headers: admin.headers });

    const still = await ask();
    expect(still.status, JSON.stringify(still.body)).toBe(200);
    expect(still.body).toMatchObject({
      message: 'Paystack still says it is paying it back: nothing changed.',
      refund: { id, status: 'processing' },
    });

    await ctx.sandbox.refunds.move((await sandboxRefundOf(reference)).id, 'processed', new Date());
    const moved = await ask();
    expect(moved.body).toMatchObject({
      message: 'Paystack has paid it back; the member is mailed.',
      refund: { id, status: 'processed', waitingHours: null },
    });
    const again = await ask();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'refund_decided' });
    expect(
      (await callApi(ctx, '/api/admin/refunds/999999/check', { method: 'POST', headers: admin.headers }))
        .status,
    ).toBe(404);

    const audit = await queryRows<{ actor_account_id: string; details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select actor_account_id, details from audit_log where target_account_id = ${payer.id} and action = 'refund_checked' order by id`,
    );
    expect(audit).toEqual([
      {
        actor_account_id: admin.id,
        details: expect.objectContaining({
          refundId: id,
          reference,
          outcome: 'unchanged',
          status: 'processing',
          address: '127.0.0.1',
        }),
      },
      {
        actor_account_id: admin.id,
        details: expect.objectContaining({
          refundId: id,
          outcome: 'moved',
          status: 'processed',
          address: '127.0.0.1',
        }),
      },
    ]);
    expect(await refundLedger(ctx.app, reference)).toMatchObject({
      entries: { refund: 1, refund_due: 1 },
      payableKobo: 0,
    });
  });

  it("a refund whose POST /refund answer was lost, and its events too, is found in Paystack's list by the job and adopted, once", async () => {
    const payer = await createTestAccount(ctx.app, {
      email: `ada+refund-unanswered-${randomUUID().slice(0, 6)}@example.com`,
      fullName: 'Unanswered Payer',
    });
    ctx.sandbox.deliverWebhooks = false;
    let reference: string;
    let id: number;
    try {
      ({ reference, id } = await refundOf(payer));
    } finally {
      ctx.sandbox.deliverWebhooks = true;
    }
    const paystack = await sandboxRefundOf(reference);
    expect(paystack.status).toBe('processed');
    expect((await overview(reference)).refunds[0]).toMatchObject({
      id,
      status: 'sending',
      providerRefundId: null,
      waitingHours: 0,
    });
    // Asked at once, its answer may still be on the way: nothing is concluded yet.
    const early = await callApi(ctx, `/api/admin/refunds/${id}/check`, {
      method: 'POST',
      headers: admin.headers,
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'refund_sending' });

    const later = new Date(Date.now() + 7 * HOUR);
    expect(await recheckWaitingRefunds(ctx.app, later)).toMatchObject({ adopted: 1 });
    expect(await recheckWaitingRefunds(ctx.app, later)).toMatchObject({ adopted: 0, moved: 0, not_sent: 0 });
    expect((await overview(reference)).refunds[0]).toMatchObject({
      status: 'processed',
      providerRefundId: paystack.id,
      providerNote: `Found in Paystack's list of refunds (refund ${paystack.id}): its answer to the refund had been lost.`,
    });
    expect(await refundLedger(ctx.app, reference)).toEqual({
      entries: { refund: 1, refund_due: 1 },
      payableKobo: 0,
      settlementKobo: 0,
      unbalanced: 0,
    });
    expect(
      await count(
        sql`select count(*)::int as n from notifications where account_id = ${payer.id} and kind = 'refund_processed'`,
      ),
    ).toBe(1);
  });

  it('a refund Paystack never received is marked not sent by the job, once, and its payment can be refunded again', async () => {
    const payer = await createTestAccount(ctx.app, {
      email: `ada+refund-unreceived-${randomUUID().slice(0, 6)}@example.com`,
      fullName: 'Unreceived Payer',
    });
    const { reference, id } = await refundOf(payer);
    expect(
      await queryRows(
        ctx.app.db,
        sql`select id from sandbox_refunds where transaction_reference = ${reference}`,
      ),
    ).toEqual([]);
    expect(await overview(reference)).toMatchObject({
      refundable: false,
      refunds: [expect.objectContaining({ id, status: 'sending' })],
    });

    const later = new Date(Date.now() + 7 * HOUR);
    expect(await recheckWaitingRefunds(ctx.app, later)).toMatchObject({ not_sent: 1 });
    expect(await recheckWaitingRefunds(ctx.app, later)).toMatchObject({ not_sent: 0, adopted: 0 });
    const seen = await overview(reference);
    expect(seen).toMatchObject({ refundable: true, left: '50000.00', refunded: '0.00' });
    expect(seen.refunds[0]).toMatchObject({
      status: 'failed',
      providerRefundId: null,
      providerNote: expect.stringMatching(/^Not sent: Paystack's list of refunds has none/),
    });
    expect(await refundLedger(ctx.app, reference)).toEqual({
      entries: { refund_due: 1 },
      payableKobo: 5_000_000,
      settlementKobo: -5_000_000,
      unbalanced: 0,
    });
    const told = async () =>
      (await mailsTo(ctx.app, admin.email, 0)).filter(
        (m) => m.subject.startsWith('Refund failed:') && m.text.includes(reference),
      );
    await expect.poll(async () => (await told()).length, { timeout: 10_000 }).toBe(1);
  });
});
