import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { payments } from '../src/db/schema';
import { changePercent, dayWindows } from '../src/modules/admin-stats/day-windows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';

describe('admin day windows', () => {
  it('starts the day at midnight in Lagos (UTC+1)', () => {
    expect(dayWindows(new Date('2026-03-10T22:59:59Z')).todayStart.toISOString()).toBe(
      '2026-03-09T23:00:00.000Z',
    );
    expect(dayWindows(new Date('2026-03-10T23:00:00Z')).todayStart.toISOString()).toBe(
      '2026-03-10T23:00:00.000Z',
    );
    expect(dayWindows(new Date('2026-03-10T23:00:00Z')).previousDayStart.toISOString()).toBe(
      '2026-03-09T23:00:00.000Z',
    );
  });

  it('gives the change in percent, or null with nothing to compare with', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(1, 3)).toBe(-66.7);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(0, 0)).toBeNull();
  });
});

describeEachDatabase('admin figures', (database) => {
  const ctx = useTestApp(database);
  let admin: Record<string, string>;

  beforeAll(async () => {
    admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
  });

  const get = (url: string, headers = admin) => ctx.app.inject({ method: 'GET', url, headers });

  const pay = async (
    accountId: string,
    programme: 'main' | 'welcomeback',
    status: 'paid' | 'pending' | 'failed',
    paidAt: Date | null,
    createdAt = paidAt ?? new Date(),
  ) => {
    await ctx.app.db.insert(payments).values({
      reference: `ref-${randomUUID()}`,
      accountId,
      programme,
      amountKobo: programme === 'main' ? 5_000_000 : 500_000,
      status,
      provider: 'sandbox',
      paidAt,
      createdAt,
    });
  };

  it('answers zero figures on an empty platform', async () => {
    const amounts = await get('/api/admin/adminTransactionAmount');
    expect(amounts.statusCode).toBe(200);
    expect(amounts.json()).toMatchObject({
      numberOfMainUsers: [{ amount: '0.00' }],
      numberOfWelcomeBack: [{ amount: '0.00' }],
      main: { total: '0.00', today: '0.00', previousDay: '0.00', changePercent: null },
    });
    const members = await get('/api/admin/countUsers');
    expect(members.json()).toMatchObject({ numberOfMainUsers: 0, numberOfWelcomeBack: 0 });
    expect((await get('/api/admin/transactions/latest')).json()).toEqual({ items: [] });
  });

  it('adds up paid fees and paid members from the payments, today against the previous day', async () => {
    const now = new Date();
    const { todayStart } = dayWindows(now);
    const yesterday = new Date(todayStart.getTime() - 3_600_000);
    const lastWeek = new Date(todayStart.getTime() - 7 * 86_400_000);

    const mainToday = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Chi Today' });
    const mainToday2 = await createTestAccount(ctx.app, { programme: 'main' });
    const mainYesterday = await createTestAccount(ctx.app, { programme: 'main' });
    const mainPending = await createTestAccount(ctx.app, { programme: 'main' });
    const mainOld = await createTestAccount(ctx.app, { programme: 'main' });
    await pay(mainToday.id, 'main', 'paid', now);
    await pay(mainToday2.id, 'main', 'paid', now);
    await pay(mainYesterday.id, 'main', 'paid', yesterday);
    await pay(mainOld.id, 'main', 'paid', lastWeek);
    await pay(mainPending.id, 'main', 'pending', null);
    await pay(mainPending.id, 'main', 'failed', null);

    // A Welcome Back participant who paid again today counts once as a member and twice in fees.
    const again = await createTestAccount(ctx.app, { programme: 'welcomeback' });
    await pay(again.id, 'welcomeback', 'paid', yesterday);
    await pay(again.id, 'welcomeback', 'paid', now);

    const amounts = (await get('/api/admin/adminTransactionAmount')).json();
    expect(amounts).toEqual({
      numberOfMainUsers: [{ amount: '200000.00' }],
      numberOfWelcomeBack: [{ amount: '10000.00' }],
      main: { total: '200000.00', today: '100000.00', previousDay: '50000.00', changePercent: 100 },
      welcomeBack: { total: '10000.00', today: '5000.00', previousDay: '5000.00', changePercent: 0 },
      refundsDue: { main: { count: 0, amount: '0.00' }, welcomeBack: { count: 0, amount: '0.00' } },
      timeZone: 'Africa/Lagos',
    });
    const members = (await get('/api/admin/countUsers')).json();
    expect(members).toEqual({
      numberOfMainUsers: 4,
      numberOfWelcomeBack: 1,
      main: { total: 4, today: 2, previousDay: 1, changePercent: 100 },
      welcomeBack: { total: 1, today: 0, previousDay: 1, changePercent: -100 },
      timeZone: 'Africa/Lagos',
    });
  });

  it('lists the latest payments, newest first, whatever their outcome', async () => {
    const latest = (await get('/api/admin/transactions/latest?limit=3')).json();
    expect(latest.items).toHaveLength(3);
    expect(latest.items[0]).toEqual({
      reference: expect.stringMatching(/^ref-/),
      name: expect.any(String),
      email: expect.stringContaining('@example.com'),
      programme: expect.stringMatching(/^(main|welcomeback)$/),
      amount: expect.stringMatching(/^(50000|5000)\.00$/),
      status: expect.stringMatching(/^(paid|pending|failed)$/),
      date: expect.any(String),
    });
    const all = (await get('/api/admin/transactions/latest?limit=100')).json().items;
    expect(all).toHaveLength(8);
    expect(all.map((i: { status: string }) => i.status).sort()).toEqual([
      'failed',
      'paid',
      'paid',
      'paid',
      'paid',
      'paid',
      'paid',
      'pending',
    ]);
    expect(all.find((i: { name: string }) => i.name === 'Chi Today')).toMatchObject({
      programme: 'main',
      amount: '50000.00',
      status: 'paid',
    });
    const times = all.map((i: { date: string }) => Date.parse(i.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(latest.items).toEqual(all.slice(0, 3));
    const bad = await get('/api/admin/transactions/latest?limit=0');
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const member = await createTestAccount(ctx.app, { programme: 'main' });
    const headers = await signInAs(ctx.app, member.id);
    for (const url of [
      '/api/admin/adminTransactionAmount',
      '/api/admin/countUsers',
      '/api/admin/transactions/latest',
    ]) {
      expect((await get(url, headers)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('keeps its answers until a payment or a payer’s name changes, whoever writes it, and not for rolled-back work', async () => {
    const payer = await createTestAccount(ctx.app, {
      programme: 'welcomeback',
      fullName: 'Kept Figures Payer',
    });
    const count = async () => (await get('/api/admin/countUsers')).json().numberOfWelcomeBack as number;
    const latestName = async () =>
      (await get('/api/admin/transactions/latest?limit=1')).json().items[0]?.name as string | undefined;
    const before = await count();
    expect(await count()).toBe(before);
    await pay(payer.id, 'welcomeback', 'paid', new Date());
    expect(await count()).toBe(before + 1);
    expect(await latestName()).toBe('Kept Figures Payer');
    // An operator's SQL moves the version as the platform's own writes do.
    await ctx.app.db.execute(sql`update accounts set full_name = 'Renamed Payer' where id = ${payer.id}`);
    expect(await latestName()).toBe('Renamed Payer');
    await ctx.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`update payments set status = 'failed' where account_id = ${payer.id}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await count()).toBe(before + 1);
    await ctx.app.db.execute(sql`update payments set status = 'failed' where account_id = ${payer.id}`);
    expect(await count()).toBe(before);
  });
});
