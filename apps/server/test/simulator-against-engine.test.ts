import {
  exampleSimulationInputs,
  getPlan,
  PROGRAMMES,
  simulatePlan,
  summariseEarnings,
  type Programme,
  type SimulatedJoin,
  type SimulationInputs,
} from '@coop/core';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { describeEachDatabase } from './databases';
import { randomUUID } from 'node:crypto';
import { accounts } from '../src/db/schema';
import { activatePosition } from '../src/modules/engine/activate-position';

/**
 * The simulator's figures for a 2,000-member sequence (plus the Welcome Back members who pay again) equal what the
 * database engine records when the same payments go through activatePosition one by one, month by month. The
 * 2,000 run on PostgreSQL, the production database; PGlite (one in-process connection, 90 s for the 2,000 on a
 * clean clone against 35 s) replays a 500-member sequence of the same shape through the same code.
 */
const inputsFor = (engine: 'pglite' | 'postgres'): SimulationInputs => ({
  ...exampleSimulationInputs,
  months: 4,
  joinsPerMonth: engine === 'postgres' ? 500 : 125,
  mainShare: 0.5,
  rejoinShare: 1,
  recruits: [
    { people: 0, share: 0.3 },
    { people: 2, share: 0.4 },
    { people: 10, share: 0.3 },
  ],
  dropOutPerMonth: 0.02,
  // More suspensions than the default, so that some fall in these four months and withhold something.
  suspendedShare: 0.05,
  seed: 7,
});

describeEachDatabase('the simulator against the database engine', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => database?.close());

  const total = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ total: string | null }>(database.db, query))[0]!.total ?? 0);

  const inputs = inputsFor(engine.name);
  const memberCount = inputs.months * inputs.joinsPerMonth;

  it(`fees, bonuses, health fees and awards month by month for ${memberCount} members; stages; members’ earnings`, async () => {
    const joins: SimulatedJoin[] = [];
    // Members the simulator suspends (decision 0063) are suspended in the database for the same months, so the
    // engine's rule (a suspended account earns nothing) is compared too.
    const suspensions: { account: number; from: number; until: number }[] = [];
    const report = simulatePlan(
      { plans: {}, inputs },
      {
        onJoin: (j) => joins.push(j),
        onSuspension: (account, from, until) => suspensions.push({ account, from, until }),
      },
    );
    expect(suspensions.length).toBeGreaterThan(0);
    expect(report.current.year.totals.forgoneKobo).toBeGreaterThan(0); // a suspension withheld something
    expect(report.current.earnings.members).toBe(memberCount);
    expect(joins.length).toBeGreaterThan(memberCount); // some Welcome Back members finished and paid again

    // The accounts first, in one statement per 500 (their sign-up is not what is compared), then the payments.
    const accountOf = new Map<number, string>();
    const firstJoins = joins.filter(
      (j) => !accountOf.has(j.account) && accountOf.set(j.account, randomUUID()),
    );
    for (let from = 0; from < firstJoins.length; from += 500)
      await database.db.insert(accounts).values(
        firstJoins.slice(from, from + 500).map((j) => {
          const id = accountOf.get(j.account)!;
          const tag = id.replaceAll('-', '');
          const sponsorAccountId = j.sponsor === null ? null : accountOf.get(j.sponsor)!;
          return {
            id,
            programme: j.programme,
            email: `${tag}@example.com`,
            fullName: 'Simulated Member',
            phone: '08030000000',
            address: 'Lagos',
            passwordHash: 'not-a-hash',
            referralCode: tag.slice(0, 12).toUpperCase(),
            sponsorAccountId,
            emailConfirmedAt: new Date(),
          };
        }),
      );
    let feesKobo = 0;
    let bonusesKobo = 0;
    let healthKobo = 0;
    let awardsKobo = 0;
    for (let month = 0; month < inputs.months; month += 1) {
      const suspendedNow = (s: (typeof suspensions)[number]) => s.from <= month && month < s.until;
      for (const [status, pick] of [
        ['suspended', suspendedNow],
        ['active', (s: (typeof suspensions)[number]) => !suspendedNow(s)],
      ] as const) {
        const ids = suspensions.filter(pick).map((s) => accountOf.get(s.account)!);
        if (ids.length > 0)
          await database.db.update(accounts).set({ status }).where(inArray(accounts.id, ids));
      }
      // A month's payments in one transaction, each through the engine's own activation, in the simulator's order.
      const results = await database.db.transaction(async (tx) => {
        const answers: string[] = [];
        for (const [i, join] of joins.entries())
          if (join.month === month) {
            const amountKobo = getPlan(join.programme).feeKobo;
            answers.push(
              (
                await activatePosition(tx, {
                  accountId: accountOf.get(join.account)!,
                  programme: join.programme,
                  paymentReference: `sim-${i}`,
                  amountKobo,
                })
              ).status,
            );
          }
        return answers;
      });
      expect(results.every((status) => status === 'placed')).toBe(true);
      const row = report.current.months[month]!;
      feesKobo += row.feesInKobo;
      bonusesKobo += row.bonusesAccruedKobo;
      healthKobo += row.healthFeesKobo;
      awardsKobo += row.awardsCostKobo;
      expect(
        await total(
          sql`select sum(l.amount_kobo) as total from journal_lines l join ledger_accounts a on a.id = l.ledger_account_id where a.kind = 'fee_income'`,
        ),
        `fees to month ${month + 1}`,
      ).toBe(feesKobo);
      expect(
        await total(sql`select sum(amount_kobo) as total from credits where amount_kobo > 0`),
        `bonuses to month ${month + 1}`,
      ).toBe(bonusesKobo);
      expect(
        await total(sql`select -sum(amount_kobo) as total from credits where amount_kobo < 0`),
        `health fees to month ${month + 1}`,
      ).toBe(healthKobo);
      expect(
        await total(sql`select sum(value_kobo) as total from awards`),
        `awards to month ${month + 1}`,
      ).toBe(awardsKobo);
    }
    expect(bonusesKobo).toBeGreaterThan(0);
    expect(healthKobo).toBeGreaterThan(0);
    expect(awardsKobo).toBeGreaterThan(0);

    const stages = await queryRows<{ programme: Programme; stage: number; n: string }>(
      database.db,
      sql`select programme, stage, count(*) as n from positions where account_id is not null group by programme, stage`,
    );
    for (const s of report.current.stages) {
      const found = stages.find((r) => r.programme === s.programme && r.stage === s.stage);
      expect(Number(found?.n ?? 0), `${s.programme} stage ${s.stage}`).toBe(s.positions);
    }
    const awards = await queryRows<{ kind: string; n: string; total: string }>(
      database.db,
      sql`select kind, count(*) as n, sum(value_kobo) as total from awards group by kind`,
    );
    expect(new Map(awards.map((a) => [a.kind, [Number(a.n), Number(a.total)]]))).toEqual(
      new Map(report.current.awardsByKind.map((a) => [a.kind, [a.count, a.costKobo]])),
    );

    // Each member's cash credited and fees paid, from the database, summarised as the simulator summarises its own.
    const members = await queryRows<{
      id: string;
      programme: Programme;
      received: string;
      positions: string;
    }>(
      database.db,
      sql`select a.id, a.programme, coalesce((select sum(c.amount_kobo) from credits c where c.account_id = a.id), 0) as received,
                 (select count(*) from positions p where p.account_id = a.id) as positions
          from accounts a where a.id in (select account_id from positions)`,
    );
    const fee = Object.fromEntries(PROGRAMMES.map((p) => [p, getPlan(p).feeKobo]));
    const fromDatabase = summariseEarnings(
      members.map((m) => Number(m.received)),
      members.map((m) => Number(m.positions) * fee[m.programme]!),
    );
    expect(fromDatabase).toEqual(report.current.earnings);
  }, 600_000);
});
