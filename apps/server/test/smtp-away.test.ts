import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { smtpTransport } from '../src/adapters/mail/smtp';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { mailBacklog } from '../src/modules/notifications/mail-backlog';
import { enqueueMail } from '../src/modules/notifications/mail-queue';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';
import { startSmtpServer, type TestSmtpServer } from './smtp-kit';

const MINUTE = 60_000;

describeEachDatabase('the mail server down for an hour, then back (decision 0046)', (database) => {
  const ctx = {} as { app: App; database: Database; smtp: TestSmtpServer; port: number };

  beforeAll(async () => {
    ctx.smtp = await startSmtpServer();
    ctx.port = ctx.smtp.port;
    ctx.database = await database.open();
    // The real SMTP transport; the worker is driven by the test with the time it is given (runOnce(now)).
    ctx.app = await buildApp(testConfig({ MAIL_WORKER: 'off' }), {
      database: ctx.database,
      mailer: smtpTransport(`smtp://127.0.0.1:${ctx.port}`, 'Cooperative <no-reply@coop.test>'),
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    await ctx.smtp?.close();
  });

  const signUp = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        fullName: 'Ngozi Waiting',
        email,
        phone: '08031234567',
        address: '3 Awolowo Road, Lagos',
        password: 'a good password',
        confirmPassword: 'a good password',
        acceptTerms: true,
      },
    });
  const rowsOf = (emails: string[]) =>
    queryRows<{ to_address: string; status: string; attempts: number; created_at: Date | string }>(
      ctx.app.db,
      sql`select to_address, status, attempts, created_at from mail_queue where to_address in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )}) order by id`,
    );

  it(
    'the outbox holds every mail, the dashboard shows the backlog and its age, and each mail is sent once when the server is back',
    { timeout: 120_000 },
    async () => {
      const admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
      await ctx.app.mailWorker.drain(); // the administrator's own mails, if any, go while the server is up
      const before = ctx.smtp.received.length;

      // The mail server stops; members sign up and their confirmation mails are queued.
      await ctx.smtp.close();
      const stamp = Date.now();
      const emails = Array.from({ length: 4 }, (_, i) => `away-${stamp}-${i}@example.com`);
      for (const email of emails) expect((await signUp(email)).statusCode).toBe(201);
      // And a notice to each of 30 more addresses: more than one pass's batch of 20.
      const notices = Array.from({ length: 30 }, (_, i) => `notice-${stamp}-${i}@example.com`);
      await ctx.app.db.transaction(async (tx) => {
        for (const to of notices)
          await enqueueMail(tx, to, {
            template: 'admin_notice',
            data: {
              name: 'Operator',
              subject: 'A notice',
              paragraphs: ['Something to read.'],
              action: { label: 'Open', path: '/admindashboard' },
            },
          });
      });
      const queued = await rowsOf(emails);
      expect(queued).toHaveLength(4);
      const oldestQueuedAt = new Date(queued[0]!.created_at);

      // An hour passes, the worker looking at its queue every minute (its poll) with that hour's time. Each look tries
      // the server once and puts every waiting mail off a minute, the 14 beyond its batch too.
      const start = new Date();
      expect(await ctx.app.mailWorker.runOnce(start)).toBe(1);
      const stillDue = await queryRows<{ n: number }>(
        ctx.app.db,
        sql`select count(*)::int as n from mail_queue where status = 'queued' and next_attempt_at <= ${start}`,
      );
      expect(stillDue[0]!.n).toBe(0);
      for (let minute = 1; minute <= 60; minute += 1)
        expect(await ctx.app.mailWorker.runOnce(new Date(start.getTime() + minute * MINUTE))).toBe(1);
      // Nothing was given up, nothing counted against the mails: they wait.
      for (const row of await rowsOf([...emails, ...notices]))
        expect(row).toMatchObject({ status: 'queued', attempts: 0 });
      expect(ctx.smtp.received.length).toBe(before);

      // What the dashboard shows: the mails waiting, since when the oldest waits and why, none failed.
      const backlog = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/mails/backlog',
        headers: admin,
      });
      expect(backlog.statusCode).toBe(200);
      expect(backlog.json()).toMatchObject({
        waiting: 34,
        failed: 0,
        oldestWaitingSince: oldestQueuedAt.toISOString(),
      });
      expect(backlog.json().lastError).toMatch(/^The mail server could not be reached: .*ECONNREFUSED/);
      // Its age an hour into the outage, at the time the worker was given.
      const anHourOn = await mailBacklog(ctx.app.db, new Date(start.getTime() + 60 * MINUTE));
      expect(anHourOn.oldestWaitingSeconds).toBeGreaterThanOrEqual(3600);
      expect(anHourOn.oldestWaitingSeconds).toBeLessThan(3600 + 60);
      const member = await createTestAccount(ctx.app);
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/admin/mails/backlog',
            headers: await signInAs(ctx.app, member.id),
          })
        ).statusCode,
      ).toBe(403);

      // The server comes back where it was: within the next minute's look every mail goes, once.
      ctx.smtp = await startSmtpServer(ctx.port);
      await ctx.app.mailWorker.drain(new Date(start.getTime() + 62 * MINUTE));
      await ctx.app.mailWorker.drain(new Date(start.getTime() + 180 * MINUTE));
      for (const email of [...emails, ...notices])
        expect(
          ctx.smtp.received.filter((m) => m.to.includes(email)),
          email,
        ).toHaveLength(1);
      expect(ctx.smtp.received).toHaveLength(34);
      for (const row of await rowsOf([...emails, ...notices]))
        expect(row).toMatchObject({ status: 'sent', attempts: 1 });
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/admin/mails/backlog', headers: admin })).json(),
      ).toMatchObject({
        waiting: 0,
        failed: 0,
        oldestWaitingSince: null,
        oldestWaitingSeconds: 0,
      });
    },
  );
});
