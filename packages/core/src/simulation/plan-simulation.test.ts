import { describe, expect, it } from 'vitest';
import { getPlan, type Plan } from '../plan';
import { createMemoryMatrix } from './memory-matrix';
import { exampleSimulationInputs } from './example-inputs';
import { simulatePlan, type SimulatedJoin } from './plan-simulation';
import { monthlyJoins, type SimulationInputs } from './simulation-inputs';
import { earningsBand, percentile, summariseEarnings } from './earnings';

const small: SimulationInputs = {
  ...exampleSimulationInputs,
  months: 12,
  joinsPerMonth: 300,
  mainShare: 0.6,
  rejoinShare: 1,
};
const current = getPlan('main');
const raised: Plan = { ...current, version: 2, referralBonusKobo: current.referralBonusKobo + 500_000 };

describe('simulatePlan', () => {
  it('is deterministic for a seed, and another seed draws another sequence', () => {
    const input = { plans: { main: { draft: raised, current } }, inputs: small };
    expect(simulatePlan(input)).toEqual(simulatePlan(input));
    expect(simulatePlan({ ...input, inputs: { ...small, seed: 2 } }).current.totals).not.toEqual(
      simulatePlan(input).current.totals,
    );
  });

  it('a draft equal to the plan in force gives the same figures', () => {
    const report = simulatePlan({ plans: { main: { draft: current, current } }, inputs: small });
    expect({ ...report.draft, label: 'current' }).toEqual(report.current);
  });

  it('raising the referral bonus costs the raise once per referral bonus the engine pays, and nothing else moves', () => {
    const joins: SimulatedJoin[] = [];
    // The replay below runs the bare engine, which suspends nobody: so does this simulation.
    const report = simulatePlan(
      { plans: { main: { draft: raised, current } }, inputs: { ...small, suspendedShare: 0 } },
      { onJoin: (j) => joins.push(j) },
    );
    // Replays the sequence through the engine alone to count the referral bonuses Main paid.
    const matrix = createMemoryMatrix('main');
    let referralBonuses = 0;
    for (const j of joins.filter((x) => x.programme === 'main')) {
      const outcome = matrix.join(j.account, j.sponsor);
      if (outcome.status === 'placed')
        referralBonuses += outcome.credits.filter((c) => c.kind === 'referral').length;
    }
    expect(referralBonuses).toBeGreaterThan(100);
    expect(report.draft.totals.bonusesAccruedKobo - report.current.totals.bonusesAccruedKobo).toBe(
      referralBonuses * 500_000,
    );
    expect(report.draft.totals.feesInKobo).toBe(report.current.totals.feesInKobo);
    expect(report.draft.stages).toEqual(report.current.stages);
  });

  it('adds up: fees, joins, what is owed and paid, month by month', () => {
    const joins: SimulatedJoin[] = [];
    const report = simulatePlan({ plans: {}, inputs: small }, { onJoin: (j) => joins.push(j) });
    const { totals, months } = report.current;
    expect(report.newMembersPerMonth).toEqual(monthlyJoins(small));
    const rejoins = joins.length - small.months * small.joinsPerMonth;
    expect(rejoins).toBeGreaterThan(0); // Welcome Back members finished and paid again
    expect(totals.joins + totals.refused).toBe(joins.length);
    const fee = (p: 'main' | 'welcomeback') => getPlan(p).feeKobo;
    expect(totals.feesInKobo).toBe(
      joins.slice(0, totals.joins + totals.refused).reduce((s, j) => s + fee(j.programme), 0) - 0,
    );
    const last = months[months.length - 1]!;
    // Credited and earned, less what went out for them (the year's cash-outs, grants and awards handed over).
    const year = report.current.year.totals;
    expect(year.cashOutsKobo).toBeGreaterThan(0);
    expect(year.awardsDeliveredKobo).toBeGreaterThan(0);
    expect(last.owedUnpaidKobo).toBe(
      totals.bonusesAccruedKobo +
        year.grantsKobo -
        totals.paidOutKobo -
        year.cashOutsKobo +
        totals.awardsCostKobo -
        year.awardsDeliveredKobo,
    );
    expect(last.cashHeldKobo).toBe(
      totals.feesInKobo - totals.paidOutKobo - year.cashOutsKobo - year.awardsDeliveredKobo,
    );
    expect(months.reduce((s, m) => s + m.paidOutKobo, 0)).toBe(totals.paidOutKobo);
    expect(months[0]!.paidOutKobo).toBe(0); // the first payout day comes after the first month
    expect(totals.paidOutKobo).toBeGreaterThan(0);
    expect(totals.paidOutKobo + year.cashOutsKobo).toBeLessThanOrEqual(
      totals.bonusesAccruedKobo - totals.healthFeesKobo + year.grantsKobo,
    );
    const positions = report.current.stages.reduce((s, r) => s + r.positions, 0);
    expect(positions).toBe(totals.joins);
    expect(report.current.earnings.members).toBe(small.months * small.joinsPerMonth);
  });

  it('an award with an estimated cost is forecast at that cost', () => {
    const car = current.stages[4]!;
    const costly: Plan = {
      ...current,
      stages: current.stages.map((s) =>
        s === car ? { ...s, awards: s.awards.map((a) => ({ ...a, estimatedCostKobo: a.valueKobo * 2 })) } : s,
      ),
    };
    const inputs: SimulationInputs = {
      ...small,
      mainShare: 1,
      joinsPerMonth: 1000,
      recruits: [{ people: 10, share: 1 }],
      dropOutPerMonth: 0,
    };
    const report = simulatePlan({ plans: { main: { draft: costly, current } }, inputs });
    const carOf = (v: typeof report.current) => v.awardsByKind.find((a) => a.kind === 'car');
    expect(carOf(report.current)!.count).toBeGreaterThan(0);
    expect(carOf(report.draft)).toEqual({
      ...carOf(report.current)!,
      costKobo: carOf(report.current)!.costKobo * 2,
    });
  });
});

describe('earnings summary', () => {
  it('bands cash received in fees paid, with the nearest-rank median and 90th percentile', () => {
    expect([0, 1, 4_999, 5_000, 9_999, 10_000, 24_999, 25_000].map((r) => earningsBand(r, 5_000))).toEqual([
      'nothing',
      'below_fee',
      'below_fee',
      'one_to_two_fees',
      'one_to_two_fees',
      'two_to_five_fees',
      'two_to_five_fees',
      'over_five_fees',
    ]);
    const summary = summariseEarnings([0, 0, 100, 5_000, 30_000], [5_000, 5_000, 5_000, 5_000, 5_000]);
    expect(summary).toMatchObject({
      members: 5,
      medianReceivedKobo: 100,
      p90ReceivedKobo: 30_000,
      shareAtZero: 0.4,
      shareReachingFee: 0.4,
      medianNetKobo: -4_900,
      meanReceivedKobo: 7_020,
    });
    expect(summary.bands.map((b) => b.members)).toEqual([2, 1, 1, 0, 1]);
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe('the simulator form', () => {
  it('makes a draft from bonus adjustments and inputs whose shares are fractions of 1', async () => {
    const { adjustedDraft, inputsFromForm } = await import('./draft-from-form');
    const draft = adjustedDraft(current, { referralBonusKobo: 1_500_000, stageBonusChangePercent: 10 });
    expect([draft.version, draft.referralBonusKobo, draft.stages[1]!.activitiesKobo, draft.feeKobo]).toEqual([
      2,
      1_500_000,
      5_500_000,
      current.feeKobo,
    ]);
    const inputs = inputsFromForm({
      months: 3,
      joinsPerMonth: 10,
      shape: 'stopping',
      shapePercent: 5,
      stopAfterMonth: 2,
      mainSharePercent: 70,
      rejoinPercent: 50,
      dropOutPercent: 5,
      recruits: [
        [0, 40],
        [2, 60],
      ],
      seed: 1,
      minimumPayoutKobo: 0,
    });
    expect(inputs).toMatchObject({
      shape: { kind: 'stopping', afterMonth: 2 },
      mainShare: 0.7,
      recruits: [
        { people: 0, share: 0.4 },
        { people: 2, share: 0.6 },
      ],
    });
  });
});
