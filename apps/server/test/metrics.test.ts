import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';
import { TEST_METRICS_TOKEN, parseSamples, scrape, valueOf } from './metrics-kit';
import { payingMember } from './notifications-kit';
import { postWebhook, useListeningApp } from './payments-kit';
import { fundWallet, saveBankDetails } from './payouts-test-kit';

describeEachDatabase('GET /metrics: Prometheus figures behind METRICS_TOKEN', (database) => {
  // No mail worker, so a queued mail stays queued until the test drains it; two administrators, so a request waits.
  const ctx = useListeningApp(database, {
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    MAIL_WORKER: 'off',
    SINGLE_ADMIN_APPROVAL: 'false',
  });
  const figure = async (name: string, labels: Record<string, string> = {}) =>
    valueOf((await scrape(ctx.app)).samples, name, labels);

  describe('access', () => {
    it('answers the Prometheus text format to the token', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE coop_database_up gauge');
      const lowerCase = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `bearer ${TEST_METRICS_TOKEN}` },
      });
      expect(lowerCase.statusCode).toBe(200);
      const { samples } = await scrape(ctx.app);
      expect(valueOf(samples, 'coop_database_up')).toBe(1);
      expect(valueOf(samples, 'coop_database_ping_seconds')).toBeGreaterThan(0);
      // Node's own figures, once per process.
      expect(samples.filter((s) => s.name === 'process_cpu_user_seconds_total')).toHaveLength(1);
      const pool = samples.filter((s) => s.name.startsWith('coop_database_pool_'));
      if (ctx.app.database.kind === 'postgres') {
        expect(valueOf(samples, 'coop_database_pool_max_connections')).toBe(ctx.app.config.databasePoolSize);
        expect(valueOf(samples, 'coop_database_pool_open_connections')).toBeGreaterThanOrEqual(1);
        expect(valueOf(samples, 'coop_database_pool_waiting_requests')).toBe(0);
      } else {
        expect(pool).toEqual([]); // PGlite is one connection inside the process: no pool to show
      }
    });

    it('refuses a request without the token, with another token or another scheme (401, what to send)', async () => {
      const attempts = [
        {},
        { authorization: 'Bearer ' },
        { authorization: `Bearer ${TEST_METRICS_TOKEN.slice(0, -1)}x` },
        { authorization: `Bearer ${TEST_METRICS_TOKEN}x` },
        { authorization: `Basic ${Buffer.from(`prometheus:${TEST_METRICS_TOKEN}`).toString('base64')}` },
        { authorization: TEST_METRICS_TOKEN },
      ];
      for (const headers of attempts) {
        const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.json()).toEqual({
          message: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.',
          code: 'metrics_token',
        });
        expect(res.body).not.toContain('coop_');
      }
      // A signed-in administrator's session opens nothing here either.
      const admin = await createTestAccount(ctx.app, { role: 'admin' });
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: await signInAs(ctx.app, admin.id) }))
          .statusCode,
      ).toBe(401);
    });

    it('is not there (404) while METRICS_TOKEN is unset', async () => {
      const app = await buildApp(testConfig(), { database: ctx.database });
      try {
        const res = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
        });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('coop_');
      } finally {
        await app.close();
      }
    });
  });

  describe('a database that does not answer', () => {
    it('is coop_database_up 0, and the figures read from it are left out rather than waited for', async () => {
      const lost = await database.open();
      const app = await buildApp(testConfig({ METRICS_TOKEN: TEST_METRICS_TOKEN, MAIL_WORKER: 'off' }), {
        database: lost,
      });
      try {
        await app.ready();
        expect(valueOf((await scrape(app)).samples, 'coop_database_up')).toBe(1);
        await lost.close();
        const res = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
        });
        expect(res.statusCode).toBe(200);
        const samples = parseSamples(res.body);
        expect(valueOf(samples, 'coop_database_up')).toBe(0);
        for (const name of [
          'coop_payments',
          'coop_payout_transfers',
          'coop_mail_queue_mails',
          'coop_approvals_waiting',
        ])
          expect(
            samples.filter((s) => s.name === name),
            name,
          ).toEqual([]);
        expect(res.body).toContain('# TYPE coop_payments gauge');
        expect(samples.filter((s) => s.name === 'process_cpu_user_seconds_total')).toHaveLength(1);
      } finally {
        await app.close();
      }
    });

    it.runIf(database.name === 'postgres')(
      'answers within its 2 s when every pooled connection is busy, and shows the wait',
      async () => {
        const pool = (ctx.app.db as unknown as { $client: pg.Pool }).$client;
        // Drizzle sends a statement when it is awaited: then() starts each now.
        const busy = Array.from({ length: ctx.app.config.databasePoolSize }, () =>
          ctx.app.db.execute(sql`select pg_sleep(6)`).then(() => undefined),
        );
        await expect
          .poll(() => pool.idleCount === 0 && pool.totalCount === ctx.app.config.databasePoolSize, {
            timeout: 5_000,
          })
          .toBe(true);
        const started = performance.now();
        const { samples } = await scrape(ctx.app);
        const took = performance.now() - started;
        expect(took).toBeGreaterThanOrEqual(1_900);
        expect(took).toBeLessThan(5_000);
        expect(valueOf(samples, 'coop_database_up')).toBe(0);
        expect(valueOf(samples, 'coop_database_ping_seconds')).toBeGreaterThanOrEqual(1.9);
        expect(valueOf(samples, 'coop_database_pool_waiting_requests')).toBeGreaterThanOrEqual(1);
        expect(samples.filter((s) => s.name === 'coop_payments')).toEqual([]);
        await Promise.all(busy);
        expect(valueOf((await scrape(ctx.app)).samples, 'coop_database_up')).toBe(1);
      },
    );
  });

  describe('figures', () => {
    it('times requests by route pattern, never by the raw URL', async () => {
      const reference = `MN-${randomUUID()}`;
      await ctx.app.inject({ method: 'GET', url: `/api/payments/${reference}` });
      const { text, samples } = await scrape(ctx.app);
      expect(text).not.toContain(reference);
      const count = valueOf(samples, 'coop_http_request_duration_seconds_count', {
        route: '/api/payments/:reference',
        method: 'GET',
        status_class: '4xx',
      });
      expect(count).toBeGreaterThanOrEqual(1);
    });

    it('a payment that settles moves the payments by status and the stored webhooks', async () => {
      const before = (await scrape(ctx.app)).samples;
      await payingMember(ctx, { fullName: 'Ada Metrics' });
      const after = (await scrape(ctx.app)).samples;
      expect(valueOf(after, 'coop_payments', { status: 'paid' })).toBe(
        valueOf(before, 'coop_payments', { status: 'paid' }) + 1,
      );
      expect(valueOf(after, 'coop_payments', { status: 'pending' })).toBe(
        valueOf(before, 'coop_payments', { status: 'pending' }),
      );
      expect(valueOf(after, 'coop_webhooks_received_total', { outcome: 'stored' })).toBe(
        valueOf(before, 'coop_webhooks_received_total', { outcome: 'stored' }) + 1,
      );
    });

    it('a webhook with a bad signature moves the refused counter, and only it', async () => {
      const before = (await scrape(ctx.app)).samples;
      expect(
        await postWebhook(
          ctx,
          JSON.stringify({ event: 'charge.success', data: { reference: 'MN-forged' } }),
          'not-the-signature',
        ),
      ).toBe(401);
      expect(
        await postWebhook(
          ctx,
          JSON.stringify({ event: 'charge.success', data: { reference: 'MN-forged' } }),
          undefined,
        ),
      ).toBe(401);
      const after = (await scrape(ctx.app)).samples;
      expect(valueOf(after, 'coop_webhooks_received_total', { outcome: 'signature_refused' })).toBe(
        valueOf(before, 'coop_webhooks_received_total', { outcome: 'signature_refused' }) + 2,
      );
      expect(valueOf(after, 'coop_webhooks_received_total', { outcome: 'stored' })).toBe(
        valueOf(before, 'coop_webhooks_received_total', { outcome: 'stored' }),
      );
    });

    it("a queued mail is the queue's depth and its age until the worker sends it", async () => {
      await ctx.app.mailWorker.drain();
      expect(await figure('coop_mail_queue_mails', { status: 'queued' })).toBe(0);
      expect(await figure('coop_mail_queue_oldest_waiting_seconds')).toBe(0);
      const member = await createTestAccount(ctx.app);
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset',
        payload: { email: member.email },
      });
      expect(asked.statusCode).toBe(200);
      expect(await figure('coop_mail_queue_mails', { status: 'queued' })).toBe(1);
      const age = await figure('coop_mail_queue_oldest_waiting_seconds');
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(60);
      expect(await ctx.app.mailWorker.drain()).toBe(1);
      expect(await figure('coop_mail_queue_mails', { status: 'queued' })).toBe(0);
    });

    it('a request waiting for a second administrator is counted by kind', async () => {
      const waiting = await figure('coop_approvals_waiting', { kind: 'cash_out' });
      const maker = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Maker Admin' });
      await createTestAccount(ctx.app, { role: 'admin', fullName: 'Checker Admin' });
      const member = await createTestAccount(ctx.app, { fullName: 'Chika Member' });
      const amountKobo = ctx.app.config.approvals.thresholdKobo + 100;
      await fundWallet(ctx.app.db, 'main', member.id, amountKobo);
      const asked = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/payOutCash',
        headers: { ...(await signInAs(ctx.app, maker.id)), 'idempotency-key': randomUUID() },
        payload: { email: member.email, amount: (amountKobo / 100).toFixed(2) },
      });
      expect(asked.statusCode, asked.body).toBe(202);
      expect(await figure('coop_approvals_waiting', { kind: 'cash_out' })).toBe(waiting + 1);
    });

    it('answers every payout transfer status and the jobs this process declares', async () => {
      const { samples } = await scrape(ctx.app);
      expect(samples.filter((s) => s.name === 'coop_payout_transfers').map((s) => s.labels.status)).toEqual(
        expect.arrayContaining(['failed', 'reversed', 'otp', 'success']),
      );
      // Jobs get their row at their first claim: run the due ones, then each is answered, none late.
      await ctx.app.jobs.runDue();
      const jobs = (await scrape(ctx.app)).samples.filter((s) => s.name === 'coop_job_lag_seconds');
      expect(jobs.map((s) => s.labels.scheduled_job)).toEqual(
        expect.arrayContaining(['payment-reconciliation', 'transfer-events']),
      );
      for (const job of jobs) expect(job.value, job.labels.scheduled_job).toBe(0);
    });
  });
});

describeEachDatabase('GET /metrics: payout transfers by status', (database) => {
  // One administrator, so a run goes at once; transfers through the sandbox, whose accounts ending in 9 fail.
  const ctx = useListeningApp(database, { METRICS_TOKEN: TEST_METRICS_TOKEN });

  it('a run with one transfer paid and one refused by the bank moves success and failed by one each', async () => {
    const before = (await scrape(ctx.app)).samples;
    const admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
    for (const accountNumber of ['2000000001', '2000000009']) {
      const member = await createTestAccount(ctx.app, { programme: 'welcomeback' });
      await saveBankDetails(ctx.app.db, member.id, { accountNumber });
      await fundWallet(ctx.app.db, 'welcomeback', member.id, 250_000);
    }
    const run = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: admin,
      payload: { programme: 'welcomeback', period: '2026-10' },
    });
    expect(run.statusCode, run.body).toBe(201);
    await ctx.app.paymentWork.settled();
    await ctx.app.paystackSandbox!.idle();
    await ctx.app.paymentWork.settled();
    const after = (await scrape(ctx.app)).samples;
    for (const [status, moved] of [
      ['success', 1],
      ['failed', 1],
      ['processing', 0],
      ['reserved', 0],
    ] as const)
      expect(valueOf(after, 'coop_payout_transfers', { status }), status).toBe(
        valueOf(before, 'coop_payout_transfers', { status }) + moved,
      );
  });
});
