import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nairaToKobo as n } from '../money';
import { getPlan, referralBonusesKobo, type Programme } from '../plan';
import { cashForStagesKobo, referralBenefit, stageFor } from '../matrix';
import { createMemoryMatrix, type MemoryMatrix, type PaidCredit, type RecordedAward } from './memory-matrix';
import { naiveFirstFreeSlot, naiveLevelCounts } from './oracle';

function run(programme: Programme, joins: Array<[account: number, sponsor: number | null]>) {
  const matrix = createMemoryMatrix(programme);
  const credits: PaidCredit[] = [];
  const awards: RecordedAward[] = [];
  for (const [account, sponsor] of joins) {
    const outcome = matrix.join(account, sponsor);
    if (outcome.status === 'placed') {
      credits.push(...outcome.credits);
      awards.push(...outcome.awards);
    }
  }
  const cashOf = (account: number) =>
    credits.filter((c) => c.account === account).reduce((s, c) => s + c.amountKobo, 0);
  return { matrix, credits, awards, cashOf };
}

const A = 1;
const referredBy = (sponsor: number, count: number, firstAccount: number) =>
  Array.from({ length: count }, (_, i) => [firstAccount + i, sponsor] as [number, number]);

describe('worked examples (spec 3.7 and 3.8)', () => {
  it('A pays, B and C pay with A’s code: A is Associate with N30,000', () => {
    const { matrix, cashOf } = run('main', [[A, null], ...referredBy(A, 2, 2)]);
    const a = matrix.position(matrix.latestPositionOf(A)!);
    expect(a.stage).toBe(1);
    expect(getPlan('main').stages[a.stage]!.name).toBe('Associate');
    expect(cashOf(A)).toBe(n(30_000));
  });

  it('Main: the whole ladder to Eldorado and Golden Crown Partner, stage by stage', () => {
    const plan = getPlan('main');
    const matrix = createMemoryMatrix('main');
    matrix.join(A, null);
    let cash = 0;
    const awards: RecordedAward[] = [];
    const expectedCashAfter = [0, 30_000, 130_000, 620_000, 1_520_000, 3_520_000, 9_020_000, 22_020_000].map(
      n,
    );
    for (let joined = 1; joined <= 254; joined += 1) {
      const outcome = matrix.join(1 + joined, A);
      if (outcome.status !== 'placed') throw new Error('refused');
      cash += outcome.credits.filter((c) => c.account === A).reduce((s, c) => s + c.amountKobo, 0);
      awards.push(...outcome.awards.filter((a) => a.account === A));
      const stage = matrix.position(matrix.latestPositionOf(A)!).stage;
      // Full to depth k needs 2 + 4 + ... + 2^k = 2^(k+1) - 2 positions below A (and 2k referrals, which A has).
      expect(stage).toBe(Math.min(Math.floor(Math.log2(joined + 2)) - 1, 7));
      const referralsSoFar = Math.min(joined, 2) * plan.referralBonusKobo;
      const expected = stage === 0 ? referralsSoFar : expectedCashAfter[stage]!;
      expect(cash, `after ${joined} joins, stage ${stage}`).toBe(expected);
    }
    expect(matrix.position(matrix.latestPositionOf(A)!).finished).toBe(true);
    // Health fee taken once, at Honourable: 10,000 + 100,000 + (400,000 + 100,000 - 10,000) = 620,000 above.
    expect(awards.map((a) => [a.kind, a.valueKobo / 100])).toEqual([
      ['laptop', 200_000],
      ['gift', 600_000],
      ['car', 6_000_000],
      ['social_club', 1_000_000],
      ['suv', 30_000_000],
      ['housing', 60_000_000],
      ...[1, 2, 3, 4, 5].map(() => ['golden_crown_annual', 10_000_000]),
    ]);
  });

  it('Welcome Back: the ladder to Thank You, then a second cycle', () => {
    const matrix = createMemoryMatrix('welcomeback');
    matrix.join(A, null);
    let cash = 0;
    const expectedCashAfter = [0, 3_000, 18_000, 88_000, 188_000].map(n);
    for (let joined = 1; joined <= 30; joined += 1) {
      const outcome = matrix.join(1 + joined, A);
      if (outcome.status !== 'placed') throw new Error('refused');
      cash += outcome.credits.filter((c) => c.account === A).reduce((s, c) => s + c.amountKobo, 0);
      const stage = matrix.position(matrix.latestPositionOf(A)!).stage;
      expect(stage).toBe(Math.min(Math.floor(Math.log2(joined + 2)) - 1, 4));
      expect(cash).toBe(stage === 0 ? Math.min(joined, 2) * n(1_000) : expectedCashAfter[stage]!);
      if (joined === 30) expect(outcome.awards.map((a) => a.kind)).toEqual(['domestic_appliances']);
    }
    const first = matrix.latestPositionOf(A)!;
    expect(matrix.position(first).finished).toBe(true);

    const again = matrix.join(A, null);
    expect(again.status).toBe('placed');
    const second = matrix.latestPositionOf(A)!;
    expect(second).not.toBe(first);
    expect(matrix.position(second).stage).toBe(0);
    expect(matrix.position(first).stage).toBe(4); // the old position keeps its history
    expect(matrix.join(A, null)).toEqual({ status: 'refused', code: 'position_in_progress' });
  });

  it('Main: a second payment of the same account is refused', () => {
    const matrix = createMemoryMatrix('main');
    matrix.join(A, null);
    expect(matrix.join(A, null)).toEqual({ status: 'refused', code: 'already_member' });
  });
});

/** Random join sequences: a sponsor is any earlier account or nobody. */
const joinSequences = fc
  .array(fc.nat(), { minLength: 1, maxLength: 300 })
  .map((picks) => picks.map((pick, i): [number, number | null] => [i + 1, pick % (i + 1) || null]));

function checkInvariants(matrix: MemoryMatrix, credits: PaidCredit[], sponsoredBy: Map<number, number>) {
  const plan = matrix.plan;
  const window = plan.stages.length;
  const keys = new Set<string>();
  for (const c of credits) {
    const key = `${c.position}|${c.cause}|${c.kind}`;
    expect(keys.has(key), `credited twice: ${key}`).toBe(false);
    keys.add(key);
  }
  for (let p = 1; p < matrix.size; p += 1) {
    const pos = matrix.position(p);
    for (const child of pos.children) if (child !== null) expect(matrix.position(child).parent).toBe(p);
    const counts = naiveLevelCounts(matrix, p, window);
    expect(pos.levelCounts).toEqual(counts);
    const direct = [...sponsoredBy.values()].filter((s) => s === p).length;
    expect(pos.directReferrals).toBe(direct);
    expect(pos.stage).toBe(stageFor(plan, counts, direct));
    const paid = credits.filter((c) => c.position === p).reduce((s, c) => s + c.amountKobo, 0);
    const referrals = Math.min(direct, plan.referralBonusCap) * plan.referralBonusKobo;
    expect(paid).toBe(cashForStagesKobo(plan, pos.stage) + referrals);
  }
}

describe('properties of the in-memory engine', () => {
  for (const programme of ['main', 'welcomeback'] as const) {
    it(`${programme}: first free slot breadth-first, stages recomputed, each benefit once, totals match the plan`, () => {
      fc.assert(
        fc.property(joinSequences, (joins) => {
          const matrix = createMemoryMatrix(programme);
          const credits: PaidCredit[] = [];
          const sponsoredBy = new Map<number, number>();
          for (const [account, sponsor] of joins) {
            const sponsorPosition = sponsor === null ? undefined : matrix.latestPositionOf(sponsor);
            const expected = naiveFirstFreeSlot(matrix, sponsorPosition ?? 0);
            const outcome = matrix.join(account, sponsor);
            if (outcome.status !== 'placed') throw new Error(outcome.code);
            expect({ parent: outcome.parent, slot: outcome.slot }).toEqual(expected);
            if (sponsorPosition !== undefined) sponsoredBy.set(outcome.position, sponsorPosition);
            credits.push(...outcome.credits);
          }
          checkInvariants(matrix, credits, sponsoredBy);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('referral bonuses stop at the cap', () => {
    const plan = getPlan('main');
    expect([0, 1, 2, 3].map((paid) => referralBenefit(plan, paid)?.amountKobo ?? 0)).toEqual([
      n(10_000),
      n(10_000),
      0,
      0,
    ]);
    expect(referralBonusesKobo(plan)).toBe(n(20_000));
  });
});
