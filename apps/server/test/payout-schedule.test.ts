import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { walletBalanceKobo } from '../src/modules/ledger/queries';
import { preparePayoutDay } from '../src/modules/payouts/payout-schedule';
import { fundWallet, saveBankDetails } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';
import { useListeningApp } from './payments-kit';

const mailsTo = async (app: App, to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` })).json() as {
    subject: string;
    text: string;
  }[];

describeEachDatabase('the payout day prepares the month once, with several instances', (engine) => {
  let database: Database;
  const apps: App[] = [];
  let adminEmail: string;
  let adminHeaders: Record<string, string>;
  let memberId: string;

  beforeAll(async () => {
    database = await engine.open();
    for (let i = 0; i < 2; i++) {
      const app = await buildApp(testConfig({ PAYOUT_DAY: '25' }), { database });
      await app.ready();
      apps.push(app);
    }
    const admin = await createTestAccount(apps[0]!, { role: 'admin', fullName: 'Ada Admin' });
    adminEmail = admin.email;
    adminHeaders = await signInAs(apps[0]!, admin.id);
    const member = await createTestAccount(apps[0]!, { programme: 'welcomeback', fullName: 'Bola Member' });
    memberId = member.id;
    await fundWallet(apps[0]!.db, 'welcomeback', member.id, 750_000);
    await saveBankDetails(apps[0]!.db, member.id, { accountNumber: '0123456781' });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  const prepared = async () =>
    (
      await queryRows<{
        programme: string;
        period: string;
        payee_count: number;
        total_kobo: string;
        run_id: string | null;
      }>(
        apps[0]!.db,
        sql`select programme, period, payee_count, total_kobo, run_id from payout_schedule order by programme`,
      )
    ).map((r) => ({ ...r, payee_count: Number(r.payee_count), total_kobo: Number(r.total_kobo) }));

  it('does nothing on another day', async () => {
    // 24 November, 23:30 in Lagos (22:30 UTC): not yet the 25th there.
    await Promise.all(apps.map((app) => app.jobs.runDue(new Date('2026-11-24T22:30:00Z'))));
    expect(await prepared()).toEqual([]);
  });

  it('on the payout day exactly one of two instances prepares each programme, tells the administrators, and runs nothing', async () => {
    // 25 November 00:30 in Lagos; both instances reach the hour at once.
    const ran = await Promise.all(apps.map((app) => app.jobs.runDue(new Date('2026-11-24T23:30:00Z'))));
    expect(ran.filter((names) => names.includes('payout-day'))).toHaveLength(1);
    expect(await prepared()).toEqual([
      { programme: 'main', period: '2026-11', payee_count: 0, total_kobo: 0, run_id: null },
      { programme: 'welcomeback', period: '2026-11', payee_count: 1, total_kobo: 750_000, run_id: null },
    ]);
    // The next hours of the same day (on either instance) prepare nothing again.
    for (const [i, hour] of [
      '2026-11-25T00:31:00Z',
      '2026-11-25T01:32:00Z',
      '2026-11-25T02:33:00Z',
    ].entries())
      await apps[i % 2]!.jobs.runDue(new Date(hour));
    expect(await prepared()).toHaveLength(2);

    const mails = await mailsTo(apps[0]!, adminEmail);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Main payout of 2026-11 is ready for approval',
      'Welcome Back payout of 2026-11 is ready for approval',
    ]);
    const welcome = mails.find((m) => m.subject.startsWith('Welcome Back'))!;
    expect(welcome.text).toContain(
      'waits for an administrator to approve and run it. 1 member, ₦7,500 in all',
    );
    expect(welcome.text).toContain('http://127.0.0.1:3000/adminpayouts');

    // Prepared, not run: the money stays in the wallet until an administrator runs the month.
    expect(await walletBalanceKobo(apps[0]!.db, memberId)).toBe(750_000);
    expect(await queryRows(apps[0]!.db, sql`select id from payout_runs`)).toEqual([]);
    const waiting = await apps[1]!.inject({
      method: 'GET',
      url: '/api/admin/payouts/prepared',
      headers: adminHeaders,
    });
    expect(waiting.json()).toEqual({
      items: [
        {
          programme: 'welcomeback',
          period: '2026-11',
          payees: 1,
          total: '7500.00',
          preparedAt: expect.any(String),
        },
      ],
    });
    const audit = await queryRows(
      apps[0]!.db,
      sql`select actor_account_id, details from audit_log where action = 'payout_prepared' order by id`,
    );
    expect(audit).toHaveLength(2);
  });

  it('prepares a month once even when two instances run the preparation itself at the same moment', async () => {
    // Past the job runner's claim (a crash and a rerun, a clock apart): the unique (programme, month) row decides.
    const at = new Date('2026-10-25T10:00:00Z');
    const both = await Promise.all(apps.map((app) => preparePayoutDay(app, at, app.jobs.instance)));
    expect(
      both
        .flat()
        .map((m) => m.programme)
        .sort(),
    ).toEqual(['main', 'welcomeback']);
    expect((await prepared()).filter((m) => m.period === '2026-10')).toHaveLength(2);
    // The mail worker sends both in the background: wait for them, then make sure no third one came.
    const monthMails = async () =>
      (await mailsTo(apps[0]!, adminEmail)).filter((m) => m.subject.includes('2026-10')).length;
    await expect.poll(monthMails, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await monthMails()).toBe(2);
  });
});

describeEachDatabase('with PAYOUT_AUTO the payout day also runs the month', (engine) => {
  const ctx = useListeningApp(engine, { PAYOUT_DAY: '25', PAYOUT_AUTO: 'true' });

  it('runs it once, by bank transfer, and says so', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin' });
    const member = await createTestAccount(ctx.app, { programme: 'main' });
    await fundWallet(ctx.app.db, 'main', member.id, 500_000);
    await saveBankDetails(ctx.app.db, member.id, { accountNumber: '0123456781' });
    await ctx.app.jobs.runDue(new Date('2026-11-25T08:00:00Z'));
    await ctx.app.jobs.runDue(new Date('2026-11-25T09:01:00Z'));
    await ctx.app.paymentWork.settled();
    await ctx.sandbox.idle();
    await ctx.app.paymentWork.settled();
    const runs = await queryRows<{ id: string; created_by: string | null; status: string }>(
      ctx.app.db,
      sql`select id, created_by, status from payout_runs`,
    );
    expect(runs).toEqual([{ id: expect.anything(), created_by: null, status: 'completed' }]);
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(0);
    const headers = await signInAs(ctx.app, admin.id);
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/admin/payouts/runs/${runs[0]!.id}`, headers })
    ).json();
    expect(detail).toMatchObject({
      // No administrator ran it: the screens say 'the payout schedule'.
      createdBy: null,
      period: '2026-11',
      counts: { success: 1 },
    });
    expect((await mailsTo(ctx.app, admin.email)).map((m) => m.subject)).toContain(
      'Main payout of 2026-11 is running',
    );
  });
});

describeEachDatabase(
  'a payout day missed while the platform was stopped is caught up at the next start, once',
  (engine) => {
    let database: Database;
    let reader: App;
    const HOUR = 3_600_000;
    // A payout day already over in Lagos: yesterday (or, on the 1st, the 28th of last month).
    const today = new Date(Date.now() + HOUR).getUTCDate();
    const payoutDay = today > 1 ? Math.min(today - 1, 28) : 28;
    const env = { PAYOUT_DAY: String(payoutDay) };
    let adminEmail: string;

    beforeAll(async () => {
      database = await engine.open();
      reader = await buildApp(testConfig(env), { database });
      await reader.ready();
      const admin = await createTestAccount(reader, { role: 'admin', fullName: 'Ada Admin' });
      adminEmail = admin.email;
      const member = await createTestAccount(reader, { programme: 'main', fullName: 'Bola Member' });
      await fundWallet(reader.db, 'main', member.id, 250_000);
      await saveBankDetails(reader.db, member.id, { accountNumber: '0123456781' });
      // The platform had its members before the missed day.
      await reader.db.execute(sql`update accounts set created_at = now() - interval '40 days'`);
    });
    afterAll(async () => {
      await reader.close();
      await database.close();
    });

    it('two instances starting together prepare each programme once and tell the administrators it is late', async () => {
      const started = await Promise.all(
        [0, 1].map(async () => {
          const app = await buildApp(testConfig({ ...env, JOBS_ENABLED: 'true' }), { database });
          await app.ready();
          return app;
        }),
      );
      // Start-up runs the due jobs at once; wait for the payout day's to finish, then closing waits for any tick in flight.
      await expect
        .poll(
          async () =>
            (
              await queryRows(
                reader.db,
                sql`select 1 from scheduled_jobs where name = 'payout-day' and last_finished_at is not null`,
              )
            ).length,
          {
            timeout: 30_000,
          },
        )
        .toBe(1);
      for (const app of started) await app.close();

      const period = new Date(Date.now() + HOUR - (today > 1 ? 0 : 5 * 24 * HOUR)).toISOString().slice(0, 7);
      const rows = await queryRows<{ programme: string; period: string; payee_count: number }>(
        reader.db,
        sql`select programme, period, payee_count from payout_schedule order by programme`,
      );
      expect(rows.map((r) => ({ ...r, payee_count: Number(r.payee_count) }))).toEqual([
        { programme: 'main', period, payee_count: 1 },
        { programme: 'welcomeback', period, payee_count: 0 },
      ]);
      const mails = await mailsTo(reader, adminEmail);
      expect(mails.map((m) => m.subject).sort()).toEqual([
        `Main payout of ${period} is ready for approval`,
        `Welcome Back payout of ${period} is ready for approval`,
      ]);
      const main = mails.find((m) => m.subject.startsWith('Main'))!;
      expect(main.text).toMatch(
        /The payout day \(\d{1,2} \w+ \d{4}\) was missed while the platform was stopped, so the month is prepared now, late: the Main payout of .* is prepared and waits for an administrator/,
      );
      expect(main.text).toContain('1 member, ₦2,500 in all');
      const audit = await queryRows<{ details: { caughtUp?: boolean } }>(
        reader.db,
        sql`select details from audit_log where action = 'payout_prepared'`,
      );
      expect(audit.map((a) => a.details.caughtUp)).toEqual([true, true]);

      // A later start, or the job's next hours, prepare nothing again.
      const again = await buildApp(testConfig({ ...env, JOBS_ENABLED: 'true' }), { database });
      await again.ready();
      expect(await preparePayoutDay(again, new Date(Date.now() + 2 * HOUR), again.jobs.instance)).toEqual([]);
      await again.close();
      expect(await queryRows(reader.db, sql`select id from payout_schedule`)).toHaveLength(2);
      expect(await mailsTo(reader, adminEmail)).toHaveLength(2);
    });

    it('a new installation does not prepare a month whose payout day came before its first account', async () => {
      const fresh = await engine.open();
      const app = await buildApp(testConfig(env), { database: fresh });
      await app.ready();
      await createTestAccount(app, { role: 'admin' });
      expect(await preparePayoutDay(app, new Date(), app.jobs.instance)).toEqual([]);
      await app.close();
      await fresh.close();
    });
  },
);
