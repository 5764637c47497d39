import fc from 'fast-check';
import { parseNairaString, type Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { activate } from './engine-test-kit';
import { saveBankDetails } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';

type Op =
  | { kind: 'join'; programme: Programme; sponsor: number }
  | { kind: 'cashOut'; programme: Programme; member: number; share: number }
  | { kind: 'payout'; programme: Programme; failEvery: number };

const programmeArb = fc.constantFrom<Programme>('main', 'welcomeback');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      programme: programmeArb,
      sponsor: fc.nat(50),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cashOut' as const),
      programme: programmeArb,
      member: fc.nat(50),
      share: fc.double({ min: 0.05, max: 1, noNaN: true }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      programme: programmeArb,
      failEvery: fc.integer({ min: 0, max: 3 }),
    }),
  },
);
const SEED = Number(process.env.LIABILITY_SEED ?? 20261123);

describeEachDatabase('liability view', (database) => {
  const ctx = useTestApp(database, { PAYMENT_PROVIDER: 'sandbox' });
  let admin: Record<string, string>;
  const members: Record<Programme, string[]> = { main: [], welcomeback: [] };
  const months = { main: 0, welcomeback: 0 };

  beforeAll(async () => {
    const a = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada Admin' });
    admin = await signInAs(ctx.app, a.id);
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin });
  const kobo = (naira: string) => parseNairaString(naira);

  /** Read straight from the journal lines, not through the cached balances the view uses. */
  const walletLinesKobo = async (programme: Programme) => {
    const [row] = await queryRows<{ total: string }>(
      ctx.app.db,
      sql`select coalesce(sum(l.amount_kobo), 0) as total from journal_lines l join ledger_accounts a on a.id = l.ledger_account_id
          where a.kind = 'wallet' and a.programme = ${programme}`,
    );
    return Number(row!.total);
  };
  const walletKobo = async (accountId: string) => {
    const [row] = await queryRows<{ total: string }>(
      ctx.app.db,
      sql`select coalesce(sum(l.amount_kobo), 0) as total from journal_lines l join ledger_accounts a on a.id = l.ledger_account_id where a.key = ${`wallet:${accountId}`}`,
    );
    return Number(row!.total);
  };
  const paidPositions = async (programme: Programme) => {
    const [row] = await queryRows<{ n: string }>(
      ctx.app.db,
      sql`select count(*) as n from positions where programme = ${programme} and account_id is not null`,
    );
    return Number(row!.n);
  };
  const listSum = async (url: string, field: 'amount' | 'balance') => {
    let sum = 0;
    for (let page = 1; ; page += 1) {
      const body = (await get(`${url}&page=${page}&pageSize=100`)).json() as {
        total: number;
        items: Array<Record<string, string>>;
      };
      sum += body.items.reduce((s, i) => s + kobo(i[field]!), 0);
      if (page * 100 >= body.total) return sum;
    }
  };

  async function apply(op: Op) {
    const list = members[op.programme];
    if (op.kind === 'join') {
      const sponsor = list.length ? list[op.sponsor % list.length]! : null;
      const account = await createTestAccount(ctx.app, {
        programme: op.programme,
        sponsorAccountId: sponsor,
      });
      await activate(ctx.app.db, op.programme, account.id);
      await saveBankDetails(ctx.app.db, account.id, {
        accountNumber: `01${String(list.length).padStart(8, '0')}`,
      });
      list.push(account.id);
    } else if (op.kind === 'cashOut') {
      if (!list.length) return;
      const id = list[op.member % list.length]!;
      const amountKobo = Math.floor((await walletKobo(id)) * op.share);
      if (amountKobo < 1) return;
      const [who] = await queryRows<{ email: string }>(
        ctx.app.db,
        sql`select email from accounts where id = ${id}`,
      );
      const res = await ctx.app.inject({
        method: 'PUT',
        url: op.programme === 'main' ? '/api/admin/payOutCash' : '/api/admin/payOutCash2',
        headers: { ...admin, 'idempotency-key': crypto.randomUUID() },
        payload: { email: who!.email, amount: (amountKobo / 100).toFixed(2) },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    } else {
      months[op.programme] += 1;
      const period = `2025-${String(months[op.programme]).padStart(2, '0')}`;
      const run = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/payouts/run',
        headers: admin,
        payload: { programme: op.programme, period, mode: 'csv' },
      });
      expect(run.statusCode, run.body).toBe(201);
      const runId = run.json().run.id as number;
      const ids = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`select id from payouts where run_id = ${runId} order by id`,
      );
      // Some runs stay reserved (the bank has not answered), others have their bank file recorded with a few failures sent back.
      if (op.failEvery === 0 || ids.length === 0) return;
      const failed = ids
        .map((r) => Number(r.id))
        .filter((_, i) => i % (op.failEvery + 1) === 0)
        .map((payoutId) => ({ payoutId, reason: 'Account closed' }));
      const batch = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/payouts/runs/${runId}/bank-file`,
        headers: admin,
      });
      expect(batch.statusCode, batch.body).toBe(201);
      const record = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/payouts/batches/${batch.json().id}/record`,
        headers: admin,
        payload: { failed },
      });
      expect(record.statusCode, record.body).toBeLessThan(300);
    }
  }

  async function expectConsistent(programme: Programme) {
    const res = await get(`/api/admin/liabilities?programme=${programme}`);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json();
    expect(kobo(v.owedNow)).toBe(await walletLinesKobo(programme));
    expect(kobo(v.feesReceived) - kobo(v.bonusesCredited)).toBe(kobo(v.retained));
    expect(kobo(v.feesReceived)).toBe(
      (await paidPositions(programme)) * (programme === 'main' ? 5_000_000 : 500_000),
    );
    // Every naira credited (bonuses and grants) is still in a wallet, reserved in a run, paid out, or owed to the health organisation.
    expect(kobo(v.bonusesCredited) + kobo(v.grantsCredited)).toBe(
      kobo(v.owedNow) + kobo(v.reservedInPayoutRuns) + kobo(v.paidOut) + kobo(v.healthFeesPayable),
    );
    expect(kobo(v.paidOut)).toBe(kobo(v.paidByTransfer) + kobo(v.paidByCash));
    return v;
  }

  it('after a seeded run of joins, cash-outs and payouts, owedNow is the sum of the wallets and fees minus bonuses is the retained figure', async () => {
    const [ops] = fc.sample(fc.array(opArb, { minLength: 45, maxLength: 45 }), { seed: SEED, numRuns: 1 });
    // Whatever the seed drew, the run ends with a month the bank has not answered yet in each programme, so money sits reserved.
    const closing: Op[] = [
      { kind: 'payout', programme: 'main', failEvery: 0 },
      { kind: 'payout', programme: 'welcomeback', failEvery: 0 },
    ];
    for (const op of [...ops!, ...closing]) {
      await apply(op);
      await expectConsistent(op.programme);
    }
    const main = await expectConsistent('main');
    const wb = await expectConsistent('welcomeback');
    // The run did move money every way, so the equalities above were not about zeros.
    expect(kobo(main.bonusesCredited) + kobo(wb.bonusesCredited)).toBeGreaterThan(0);
    expect(kobo(main.paidOut) + kobo(wb.paidOut)).toBeGreaterThan(0);
    expect(kobo(main.reservedInPayoutRuns) + kobo(wb.reservedInPayoutRuns)).toBeGreaterThan(0);
    expect(kobo(main.owedNow) + kobo(wb.owedNow)).toBeGreaterThan(0);

    for (const programme of ['main', 'welcomeback'] as const) {
      const v = await expectConsistent(programme);
      // Each figure's list adds up to the figure.
      expect(await listSum(`/api/admin/liabilities/wallets?programme=${programme}`, 'balance')).toBe(
        kobo(v.owedNow),
      );
      expect(await listSum(`/api/admin/liabilities/lines?programme=${programme}&kind=fee`, 'amount')).toBe(
        kobo(v.feesReceived),
      );
      expect(await listSum(`/api/admin/liabilities/lines?programme=${programme}&kind=bonus`, 'amount')).toBe(
        kobo(v.bonusesCredited),
      );
      expect(
        await listSum(`/api/admin/liabilities/lines?programme=${programme}&kind=paid_out`, 'amount'),
      ).toBe(kobo(v.paidOut));
      expect(
        await listSum(`/api/admin/liabilities/lines?programme=${programme}&kind=reserved`, 'amount'),
      ).toBe(kobo(v.reservedInPayoutRuns));
      expect(
        await listSum(`/api/admin/liabilities/lines?programme=${programme}&kind=health_fee`, 'amount'),
      ).toBe(kobo(v.healthFeesPayable));
      expect(await listSum(`/api/admin/liabilities/lines?programme=${programme}&kind=grant`, 'amount')).toBe(
        kobo(v.grantsCredited),
      );
      // This month's chart bar holds everything (the whole run happened now).
      const history = (await get(`/api/admin/liabilities/history?programme=${programme}`)).json();
      expect(history.months).toHaveLength(12);
      const current = history.months[11];
      expect(kobo(current.feesIn)).toBe(kobo(v.feesReceived));
      expect(kobo(current.bonusesCredited)).toBe(kobo(v.bonusesCredited));
      expect(kobo(current.paidOut)).toBe(kobo(v.paidOut));
    }
  }, 300_000);

  it('counts awards by kind and status as non-cash entitlements, approved grants and Golden Crown instalments due within a year', async () => {
    const member = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Crown Holder' });
    await activate(ctx.app.db, 'main', member.id);
    const [position] = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`select id from positions where account_id = ${member.id}`,
    );
    const award = (kind: string, installment: number, valueKobo: number, status: string, createdAt: string) =>
      ctx.app.db
        .execute(sql`insert into awards (position_id, account_id, programme, kind, stage, installment, value_kobo, description, status, plan_version, created_at, due_at)
        values (${position!.id}, ${member.id}, 'main', ${kind}, 6, ${installment}, ${valueKobo}, 'test', ${status}, 1, ${createdAt}::timestamptz,
          ${createdAt}::timestamptz + make_interval(years => ${installment}::int - 1))`);
    const recorded = new Date(Date.now() - 200 * 86_400_000).toISOString();
    for (const i of [1, 2, 3, 4, 5])
      await award('golden_crown_annual', i, 1_000_000_000, i === 1 ? 'delivered' : 'pending', recorded);
    await award('laptop', 1, 50_000_000, 'pending', recorded);
    await ctx.app.db.execute(
      sql`insert into grant_applications (account_id, amount_kobo, purpose, status) values (${member.id}, 400000000, 'farm', 'approved'), (${member.id}, 100000000, 'shop', 'declined')`,
    );

    const v = (await get('/api/admin/liabilities?programme=main')).json();
    const crown = v.awards.find((a: { kind: string }) => a.kind === 'golden_crown_annual');
    expect(crown).toMatchObject({
      label: 'Golden Crown annual award',
      pendingCount: 4,
      pendingValue: '40000000.00',
      deliveredCount: 1,
      deliveredValue: '10000000.00',
    });
    expect(v.awards.find((a: { kind: string }) => a.kind === 'laptop')).toMatchObject({
      pendingCount: 1,
      pendingValue: '500000.00',
    });
    // Earned 200 days ago: instalment 2 falls due within the next 12 months, 3 to 5 later (1 was delivered).
    expect(v.goldenCrownDueNext12Months).toEqual({ count: 1, value: '10000000.00' });
    expect(v.grantsApproved).toEqual({ count: 1, value: '4000000.00' });
    expect((await get('/api/admin/liabilities?programme=welcomeback')).json().grantsApproved).toEqual({
      count: 0,
      value: '0.00',
    });
  });

  it('is for administrators only, and asks for a programme', async () => {
    const member = await createTestAccount(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/liabilities?programme=main',
      headers: await signInAs(ctx.app, member.id),
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/liabilities?programme=main' })).statusCode,
    ).toBe(401);
    expect((await get('/api/admin/liabilities?programme=gold')).statusCode).toBe(400);
  });
});
