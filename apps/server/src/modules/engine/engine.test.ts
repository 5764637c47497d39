import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  cashForStagesKobo,
  createMemoryMatrix,
  getPlan,
  nairaToKobo as n,
  stageFor,
  type Programme,
} from '@coop/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/rows';
import { ledgerDiscrepancies, walletBalanceKobo } from '../ledger/queries';
import {
  activate,
  createAccount,
  creditTotalMismatches,
  creditTotalsByPosition,
  negativeWallets,
  levelSizeMismatches,
  subtreeSizeMismatches,
  fullDepthMismatches,
  levelCountMismatches,
  unbalancedEntries,
} from '../../../test/engine-test-kit';
import { memberFigures } from './read-model';

describeEachDatabase('compensation engine', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => database?.close());

  const positionOf = async (accountId: string) => {
    const [row] = await queryRows<{
      id: string;
      stage: number;
      cycle: number;
      finished_at: unknown;
      level_counts: number[];
      direct_referrals: number;
    }>(
      database.db,
      sql`select id, stage, cycle, finished_at, level_counts, direct_referrals from positions where account_id = ${accountId} order by id desc limit 1`,
    );
    return row!;
  };

  it('A pays; B and C pay with A’s code: A is Associate with a wallet of N30,000', async () => {
    const a = await createAccount(database.db, 'main', null, 'Ada Obi');
    expect((await activate(database.db, 'main', a)).status).toBe('placed');
    for (const name of ['Bola Ade', 'Chidi Eze']) {
      const friend = await createAccount(database.db, 'main', a, name);
      expect((await activate(database.db, 'main', friend)).status).toBe('placed');
    }
    expect((await positionOf(a)).stage).toBe(1);
    expect(await walletBalanceKobo(database.db, a)).toBe(n(30_000));
    const figures = (await memberFigures(database.db, a, 'main'))!;
    expect(figures).toMatchObject({
      paid: true,
      stage: 1,
      stageName: 'Associate',
      referralKobo: n(20_000),
      graduatingKobo: n(10_000),
      referralCount: 2,
      referralNode: 2,
      walletKobo: n(30_000),
    });
  });

  it('the same payment reference activates once', async () => {
    const a = await createAccount(database.db, 'main', null);
    const first = await activate(database.db, 'main', a, 'ref-once');
    const again = await activate(database.db, 'main', a, 'ref-once');
    expect(again).toEqual({
      status: 'already_placed',
      positionId: (first as { positionId: number }).positionId,
    });
    const [fees] = await queryRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from journal_entries where idempotency_key = 'fee:ref-once'`,
    );
    expect(Number(fees!.n)).toBe(1);
    expect(await activate(database.db, 'main', a)).toMatchObject({
      status: 'refused',
      code: 'already_member',
    });
  });

  it('Main: the ladder to Eldorado and Golden Crown Partner, with every amount, the health fee once and awards outside the wallet', async () => {
    const a = await createAccount(database.db, 'main', null, 'Golden Climber');
    await activate(database.db, 'main', a);
    const cashAfterStage = [0, 30_000, 130_000, 620_000, 1_520_000, 3_520_000, 9_020_000, 22_020_000].map(n);
    for (let joined = 1; joined <= 254; joined += 1) {
      await activate(database.db, 'main', await createAccount(database.db, 'main', a));
      const stage = Math.min(Math.floor(Math.log2(joined + 2)) - 1, 7);
      if (joined + 2 === 2 ** (stage + 1)) {
        expect((await positionOf(a)).stage, `after ${joined} joins`).toBe(stage);
        expect(await walletBalanceKobo(database.db, a), `wallet at stage ${stage}`).toBe(
          cashAfterStage[stage],
        );
      }
    }
    const figures = (await memberFigures(database.db, a, 'main'))!;
    expect(figures.stageName).toBe('Golden Crown Partner');
    expect(figures.healthFeeKobo).toBe(n(10_000));
    expect(figures.walletKobo).toBe(n(22_020_000));
    expect(figures.awards.map((x) => [x.kind, x.value])).toEqual([
      ['laptop', '200000.00'],
      ['gift', '600000.00'],
      ['car', '6000000.00'],
      ['social_club', '1000000.00'],
      ['suv', '30000000.00'],
      ['housing', '60000000.00'],
      ...[1, 2, 3, 4, 5].map(() => ['golden_crown_annual', '10000000.00']),
    ]);
    // The Golden Crown's five installments: the first due when earned, each next on its anniversary.
    const crown = figures.awards.filter((x) => x.kind === 'golden_crown_annual');
    expect(crown.map((x) => x.installment)).toEqual([1, 2, 3, 4, 5]);
    const first = crown[0]!.dueAt;
    expect(Math.abs(first.getTime() - new Date(crown[0]!.createdAt).getTime())).toBeLessThan(1000);
    expect(crown.map((x) => x.dueAt.toISOString())).toEqual(
      [0, 1, 2, 3, 4].map((years) => {
        const due = new Date(first);
        due.setUTCFullYear(due.getUTCFullYear() + years);
        return due.toISOString();
      }),
    );
    expect(
      figures.awards
        .filter((x) => x.kind !== 'golden_crown_annual')
        .every((x) => x.dueAt.getTime() === new Date(x.createdAt).getTime()),
    ).toBe(true);
    expect(await creditTotalMismatches(database.db)).toEqual([]);
    expect(await ledgerDiscrepancies(database.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });

  it('Welcome Back: the ladder to Thank You, then a second cycle in a new position', async () => {
    const a = await createAccount(database.db, 'welcomeback', null, 'Tunde Back');
    await activate(database.db, 'welcomeback', a);
    for (let joined = 1; joined <= 30; joined += 1)
      await activate(database.db, 'welcomeback', await createAccount(database.db, 'welcomeback', a));
    const first = await positionOf(a);
    expect([first.stage, first.finished_at !== null]).toEqual([4, true]);
    expect(await walletBalanceKobo(database.db, a)).toBe(n(188_000));
    const figures = (await memberFigures(database.db, a, 'welcomeback'))!;
    expect([figures.thankYouKobo, figures.awards.map((x) => x.kind)]).toEqual([
      n(50_000),
      ['domestic_appliances'],
    ]);

    expect((await activate(database.db, 'welcomeback', a)).status).toBe('placed');
    const second = await positionOf(a);
    expect([second.cycle, second.stage, Number(second.id) !== Number(first.id)]).toEqual([2, 0, true]);
    expect(await activate(database.db, 'welcomeback', a)).toMatchObject({
      status: 'refused',
      code: 'position_in_progress',
    });
    const friend = await createAccount(database.db, 'welcomeback', a);
    await activate(database.db, 'welcomeback', friend);
    const [placed] = await queryRows<{ parent_id: string; sponsor_position_id: string }>(
      database.db,
      sql`select parent_id, sponsor_position_id from positions where account_id = ${friend}`,
    );
    expect(Number(placed!.sponsor_position_id)).toBe(Number(second.id));
    expect(Number(placed!.parent_id)).toBe(Number(second.id));
    expect(await walletBalanceKobo(database.db, a)).toBe(n(189_000));
  });

  it('50 payments activated at once under one sponsor: 50 positions in 50 distinct slots, invariants hold', async () => {
    const sponsor = await createAccount(database.db, 'main', null);
    await activate(database.db, 'main', sponsor);
    const friends = await Promise.all(
      Array.from({ length: 50 }, () => createAccount(database.db, 'main', sponsor)),
    );
    const results = await Promise.all(friends.map((f) => activate(database.db, 'main', f)));
    expect(results.every((r) => r.status === 'placed')).toBe(true);
    const [own] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from positions where account_id = ${sponsor}`,
    );
    const rows = await queryRows<{ parent_id: string; slot: number }>(
      database.db,
      sql`select parent_id, slot from positions where sponsor_position_id = ${own!.id}`,
    );
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => `${r.parent_id}:${r.slot}`)).size).toBe(50);
    const position = await positionOf(sponsor);
    // 50 below: levels 1..4 full (30), 20 on level 5; 50 direct referrals.
    expect(position.level_counts.slice(0, 5)).toEqual([2, 4, 8, 16, 20]);
    expect(position.stage).toBe(stageFor(getPlan('main'), position.level_counts, position.direct_referrals));
    expect(position.stage).toBe(4);
    expect(await subtreeSizeMismatches(database.db)).toEqual([]);
    expect(await fullDepthMismatches(database.db)).toEqual([]);
    expect(await levelSizeMismatches(database.db)).toEqual([]);
    expect(await levelCountMismatches(database.db)).toEqual([]);
    expect(await creditTotalMismatches(database.db)).toEqual([]);
    expect(await unbalancedEntries(database.db)).toEqual([]);
    expect(await negativeWallets(database.db)).toEqual([]);
    expect(await ledgerDiscrepancies(database.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });
});

/** The database engine and the in-memory engine agree on every placement, stage and credit. */
describeEachDatabase('compensation engine against the in-memory engine', (engine) => {
  for (const programme of ['main', 'welcomeback'] as const satisfies Programme[]) {
    it(`${programme}: random join sequences`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), async (picks) => {
          const database = await engine.open();
          try {
            const memory = createMemoryMatrix(programme);
            const [root] = await queryRows<{ id: string }>(
              database.db,
              sql`select id from positions where programme = ${programme} and parent_id is null`,
            );
            const dbIdOf = new Map<number, number>([[0, Number(root!.id)]]);
            const accountIds: string[] = [];
            for (const [i, pick] of picks.entries()) {
              const sponsorIndex = pick % (i + 1) || null; // 1-based account index, or nobody
              const accountId = await createAccount(
                database.db,
                programme,
                sponsorIndex === null ? null : accountIds[sponsorIndex - 1]!,
              );
              accountIds.push(accountId);
              const expected = memory.join(i + 1, sponsorIndex);
              const result = await activate(database.db, programme, accountId);
              if (expected.status !== 'placed' || result.status !== 'placed')
                throw new Error('a first payment was refused');
              dbIdOf.set(expected.position, result.positionId);
              const [row] = await queryRows<{ parent_id: string; slot: number }>(
                database.db,
                sql`select parent_id, slot from positions where id = ${result.positionId}`,
              );
              expect([Number(row!.parent_id), row!.slot]).toEqual([
                dbIdOf.get(expected.parent),
                expected.slot,
              ]);
            }
            const credits = await creditTotalsByPosition(database.db);
            const plan = getPlan(programme);
            for (let p = 1; p < memory.size; p += 1) {
              const view = memory.position(p);
              const [row] = await queryRows<{ stage: number }>(
                database.db,
                sql`select stage from positions where id = ${dbIdOf.get(p)!}`,
              );
              expect(row!.stage).toBe(view.stage);
              const referrals =
                Math.min(view.directReferrals, plan.referralBonusCap) * plan.referralBonusKobo;
              expect(credits.get(dbIdOf.get(p)!) ?? 0).toBe(cashForStagesKobo(plan, view.stage) + referrals);
            }
            expect(await subtreeSizeMismatches(database.db)).toEqual([]);
            expect(await fullDepthMismatches(database.db)).toEqual([]);
            expect(await levelSizeMismatches(database.db)).toEqual([]);
            expect(await levelCountMismatches(database.db)).toEqual([]);
            expect(await creditTotalMismatches(database.db)).toEqual([]);
            expect(await unbalancedEntries(database.db)).toEqual([]);
            expect(await negativeWallets(database.db)).toEqual([]);
            expect(await ledgerDiscrepancies(database.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
          } finally {
            await database.close();
          }
        }),
        { numRuns: 6 },
      );
    }, 120_000);
  }
});

describeEachDatabase('compensation engine and account status', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => database?.close());

  it('a suspended sponsor keeps its place and stage but earns nothing', async () => {
    const a = await createAccount(database.db, 'main', null);
    await activate(database.db, 'main', a);
    await database.db.execute(sql`update accounts set status = 'suspended' where id = ${a}`);
    for (let i = 0; i < 2; i += 1)
      await activate(database.db, 'main', await createAccount(database.db, 'main', a));
    const [row] = await queryRows<{ stage: number }>(
      database.db,
      sql`select stage from positions where account_id = ${a}`,
    );
    expect(row!.stage).toBe(1);
    expect(await walletBalanceKobo(database.db, a)).toBe(0);
  });
});
