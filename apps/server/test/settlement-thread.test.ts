import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { settlePayment } from '../src/modules/payments/settle-payment';
import { SETTLEMENT_THREAD_APPLICATION, settlementThreadOf } from '../src/modules/payments/settlement-thread';
import { testDatabases } from './databases';
import { paidWithWebhookHeld, paymentFacts, postWebhook, useListeningApp } from './payments-kit';

// The settlement thread is PostgreSQL's (decision 0066): PGlite's database lives on the request thread.
const postgres = testDatabases().find((d) => d.name === 'postgres');

type Ctx = ReturnType<typeof useListeningApp>;

/** The settlement thread's connections to `db`'s database, and what each is waiting for. */
const threadSessionsOf = (db: Ctx['app']['db']) =>
  queryRows<{ pid: number; wait_event_type: string | null; state: string }>(
    db,
    sql`select pid, wait_event_type, state from pg_stat_activity
        where application_name = ${SETTLEMENT_THREAD_APPLICATION} and datname = current_database()`,
  );

describe.runIf(postgres)('settlements on their own thread [postgres]', () => {
  const ctx = useListeningApp(postgres!);

  const paidCheckout = () => paidWithWebhookHeld(ctx);

  const settle = (reference: string) =>
    settlePayment({ db: ctx.app.db, provider: ctx.app.payments, log: ctx.app.log }, reference);

  const threadSessions = () => threadSessionsOf(ctx.app.db);

  it('places a paid member from the thread, once, and its sessions are named for the operator', async () => {
    const { sponsor, account, reference } = await paidCheckout();
    expect(settlementThreadOf(ctx.app.db)).toBeDefined();
    expect(await settle(reference)).toMatchObject({ result: 'activated', status: 'paid' });
    expect(await settle(reference)).toMatchObject({ result: 'already_paid' });
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'paid',
      positions: 1,
      sponsorReferralCredits: 1,
    });
    expect((await threadSessions()).length).toBeGreaterThan(0);
  });

  /** Runs `meanwhile` while the thread's settlement of `reference` waits for the payment's row, which the test holds. */
  async function whileSettlementWaits(reference: string, meanwhile: () => Promise<void>) {
    const holder = new pg.Client({ connectionString: ctx.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from payments where reference = $1 for update', [reference]);
      const outcome = settle(reference).then(
        () => null,
        (error: Error) => error,
      );
      await expect
        .poll(async () => (await threadSessions()).some((s) => s.wait_event_type === 'Lock'), {
          timeout: 10_000,
        })
        .toBe(true);
      await meanwhile();
      const failure = await outcome;
      await holder.query('rollback');
      return failure;
    } finally {
      await holder.end();
    }
  }

  it('a thread that dies mid-settlement fails that settlement, and the next one places the member once', async () => {
    const { sponsor, account, reference } = await paidCheckout();
    const thread = settlementThreadOf(ctx.app.db)!;
    const failure = await whileSettlementWaits(reference, () => thread.abort());
    expect(failure?.message).toMatch(/settlement thread stopped/);
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'pending',
      positions: 0,
      sponsorReferralCredits: 0,
    });
    // The next check starts a new thread and settles it, exactly once.
    expect(await settle(reference)).toMatchObject({ result: 'activated', status: 'paid' });
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'paid',
      positions: 1,
      sponsorReferralCredits: 1,
    });
  });

  it('a database connection lost under the thread fails as the database being away (the member is answered 503)', async () => {
    const { reference } = await paidCheckout();
    const failure = await whileSettlementWaits(reference, async () => {
      for (const session of await threadSessions())
        await queryRows(ctx.app.db, sql`select pg_terminate_backend(${session.pid})`);
    });
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The pool takes a new connection, and the next check settles it.
    expect(await settle(reference)).toMatchObject({ result: 'activated', status: 'paid' });
  });
});

describe.runIf(postgres)('closing an instance while webhooks settle [postgres]', () => {
  const ctx = useListeningApp(postgres!);

  it("lets the webhooks' settlements that had not reached the thread yet reach it and finish", async () => {
    // Five paid checkouts: four settlements at once per programme reach the thread, the fifth waits its turn.
    const paid = [];
    for (let i = 0; i < 5; i++) paid.push(await paidWithWebhookHeld(ctx));
    const holder = new pg.Client({ connectionString: ctx.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from payments where reference = any($1) for update', [
        paid.map((p) => p.reference),
      ]);
      for (const { webhook } of paid)
        expect(await postWebhook(ctx, webhook.rawBody, webhook.signature)).toBe(200);
      await expect
        .poll(
          async () => (await threadSessionsOf(ctx.app.db)).filter((s) => s.wait_event_type === 'Lock').length,
          { timeout: 10_000 },
        )
        .toBe(4);
      const closed = ctx.app.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.query('rollback');
      await closed;
    } finally {
      await holder.end();
    }
    const statuses = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from payments where reference in ${paid.map((p) => p.reference)}`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['paid', 'paid', 'paid', 'paid', 'paid']);
  });
});
