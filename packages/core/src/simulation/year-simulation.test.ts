import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nairaToKobo as n } from '../money';
import { getPlan, type Plan, type Programme } from '../plan';
import { exampleSimulationInputs } from './example-inputs';
import { simulatePlan } from './plan-simulation';
import { keepingChances } from './recruitment';
import { hashedFloat } from './seeded-random';
import { yearInputs, type SimulationInputs, type YearInputs } from './simulation-inputs';
import { createVersionBooks, type VersionBooks, type YearContext } from './version-books';

/** Every part of the year switched off; each test switches on what it checks. */
const nothing: YearInputs = {
  awardLeadMonths: 0,
  grantApplyShare: 0,
  grantApprovedShare: 0,
  grantAmountShare: 0,
  cashOutShare: 0,
  cashOutMinimumKobo: 0,
  suspendedShare: 0,
  suspensionMonths: 0,
  recruitingCurve: [1],
};

/** A year context with suspensions given by hand: account -> [first month suspended, first month reinstated). */
function context(inputs: Partial<YearInputs>, suspended: Record<number, [number, number]> = {}): YearContext {
  const suspendedIn = (account: number, month: number) =>
    suspended[account] !== undefined && suspended[account][0] <= month && month < suspended[account][1];
  return {
    inputs: yearInputs({ ...nothing, ...inputs }),
    seed: 1,
    suspendedIn,
    activeFrom: (account, month) => (suspendedIn(account, month) ? suspended[account]![1] : month),
  };
}

/**
 * Runs joins month by month in plan-simulation's order: the payout day (from the second month), the month's joins,
 * then the month's end (grants credited, cash-outs). `joins[m]` lists [account, sponsor] pairs.
 */
function run(books: VersionBooks, months: number, joins: Record<number, [number, number | null][]>) {
  for (let month = 0; month < months; month += 1) {
    if (month > 0) books.payoutDay(month);
    for (const [account, sponsor] of joins[month] ?? []) books.join(month, 'main', account, sponsor);
    books.endOfMonth(month);
  }
  return books.figures();
}

const main = getPlan('main');
const books = (plan: Plan, months: number, year: YearContext, minimumPayoutKobo = n(1_000)) =>
  createVersionBooks(
    'current',
    { main: plan, welcomeback: getPlan('welcomeback') } as Record<Programme, Plan>,
    months,
    10,
    minimumPayoutKobo,
    year,
  );

// Seven joins: 0 under the company; 1 and 2 brought by 0; 3, 4 brought by 1 and 5, 6 by 2. Each completes the
// Welcome stage (stage 0: two positions below and two direct referrals) when its second recruit pays.
const sevenJoins: Record<number, [number, number | null][]> = {
  0: [[0, null]],
  1: [
    [1, 0],
    [2, 0],
  ],
  2: [
    [3, 1],
    [4, 1],
    [5, 2],
    [6, 2],
  ],
};

describe('the year: awards handed over', () => {
  it('delivers each installment the lead time after it falls due, at its estimated cost (7 joins by hand)', () => {
    // A plan whose first stage awards a laptop (value ₦200,000, estimated cost ₦150,000) and a two-year annual
    // award of ₦100,000 a year, read from the plan's data.
    const plan: Plan = {
      ...main,
      stages: main.stages.map((s) =>
        s.number === 0
          ? {
              ...s,
              awards: [
                {
                  kind: 'laptop',
                  label: 'Laptop award',
                  valueKobo: n(200_000),
                  estimatedCostKobo: n(150_000),
                  installments: 1,
                },
                {
                  kind: 'golden_crown_annual',
                  label: 'Annual award',
                  valueKobo: n(100_000),
                  installments: 2,
                },
              ],
            }
          : s,
      ),
    };
    const figures = run(books(plan, 15, context({ awardLeadMonths: 2 })), 15, sevenJoins);
    // Account 0 completes stage 0 in month index 1 (account 2 pays): laptop and year 1 of the annual award fall
    // due then and are handed over 2 months later, index 3 (Month 4): ₦150,000 + ₦100,000 = ₦250,000. Year 2
    // falls due at index 13 and would be handed over at 15: past the 15 months, still owed.
    // Accounts 1 and 2 complete stage 0 in index 2: handed over at index 4 (Month 5): 2 x ₦250,000 = ₦500,000.
    const delivered = figures.year.months.map((m) => m.awardsDeliveredKobo);
    expect(delivered[3]).toBe(n(250_000));
    expect(delivered[4]).toBe(n(500_000));
    expect(delivered.reduce((s, v) => s + v, 0)).toBe(n(750_000));
    expect(figures.year.months[3]!.awardsDelivered).toBe(2);
    // Earned: 3 members x (₦150,000 + 2 x ₦100,000) = ₦1,050,000; handed over ₦750,000; owed ₦300,000.
    expect(figures.totals.awardsCostKobo).toBe(n(1_050_000));
    expect(figures.year.totals.awardsOwedKobo).toBe(n(300_000));
    // The cash held falls by the cost of what is handed over.
    expect(figures.months[3]!.cashHeldKobo - figures.months[2]!.cashHeldKobo).toBe(
      -n(250_000) - figures.months[3]!.paidOutKobo,
    );
    expect(figures.year.years.map((y) => [y.year, y.months, y.awardsDeliveredKobo])).toEqual([
      [1, 12, n(750_000)],
      [2, 3, 0],
    ]);
  });
});

describe('the year: suspensions', () => {
  it('holds a suspended member’s bonus on the payout days, credits nothing while suspended, pays after', () => {
    // Account 0 is suspended in months index 1 and 2, reinstated at 3.
    const joins: Record<number, [number, number | null][]> = {
      0: [
        [0, null],
        [1, 0],
      ],
      1: [[2, 0]],
      3: [[3, 1]],
    };
    const figures = run(books(main, 5, context({}, { 0: [1, 3] })), 5, joins);
    const m = figures.year.months;
    // Index 0: account 1 pays, account 0 is credited the ₦10,000 referral bonus.
    expect(figures.months[0]!.bonusesAccruedKobo).toBe(n(10_000));
    // Payout days at index 1 and 2: account 0 is suspended, its ₦10,000 is held (not paid); at 3 it is paid.
    // (At 4 the payout day pays account 1 the referral bonus of index 3.)
    expect(m.map((x) => x.heldForSuspensionsKobo)).toEqual([0, n(10_000), n(10_000), 0, 0]);
    expect(figures.months.map((x) => x.paidOutKobo)).toEqual([0, 0, 0, n(10_000), n(10_000)]);
    // Index 1: account 2 pays while account 0 is suspended: its second referral bonus (₦10,000) and the Welcome
    // stage's graduating bonus (₦10,000, its position has two below and two referrals) are not credited.
    expect(m[1]!.forgoneKobo).toBe(n(20_000));
    expect(figures.months[1]!.bonusesAccruedKobo).toBe(0);
    // Index 3: account 3 is brought by account 1: account 1's referral bonus, nothing to hold.
    expect(figures.months[3]!.bonusesAccruedKobo).toBe(n(10_000));
    expect(figures.year.totals.heldAtEndKobo).toBe(0);
    // Held money stays owed: at index 2 the ₦10,000 is still owed and unpaid.
    expect(figures.months[2]!.owedUnpaidKobo).toBe(n(10_000));
  });

  it('a reinstated member is paid a referral bonus the suspension withheld, as the database engine does', () => {
    // The cap is two paid referral bonuses: the one withheld while suspended did not count towards it.
    const joins: Record<number, [number, number | null][]> = {
      0: [
        [0, null],
        [1, 0],
      ],
      1: [[2, 0]],
      3: [[3, 0]],
    };
    const figures = run(books(main, 5, context({}, { 0: [1, 3] })), 5, joins);
    expect(figures.months.map((x) => x.bonusesAccruedKobo)).toEqual([n(10_000), 0, 0, n(10_000), 0]);
  });
});

describe('the year: cash-outs', () => {
  it('a wallet at the threshold is cashed out in the month it gets there, not on the next payout day', () => {
    // Index 0: accounts 1 and 2 pay under account 0: two referral bonuses and the Welcome stage's graduating
    // bonus, ₦30,000 in account 0's wallet at the month's end.
    const joins: Record<number, [number, number | null][]> = {
      0: [
        [0, null],
        [1, 0],
        [2, 0],
      ],
    };
    const cashedOut = run(
      books(main, 3, context({ cashOutShare: 1, cashOutMinimumKobo: n(30_000) })),
      3,
      joins,
    );
    expect(cashedOut.year.months.map((m) => [m.cashOuts, m.cashOutsKobo])).toEqual([
      [1, n(30_000)],
      [0, 0],
      [0, 0],
    ]);
    expect(cashedOut.totals.paidOutKobo).toBe(0);
    expect(cashedOut.year.months[0]!.cashOutflowKobo).toBe(n(30_000));
    // Below the threshold (₦30,001): the payout day at index 1 pays it.
    const paid = run(books(main, 3, context({ cashOutShare: 1, cashOutMinimumKobo: n(30_001) })), 3, joins);
    expect(paid.year.totals.cashOutsKobo).toBe(0);
    expect(paid.months.map((m) => m.paidOutKobo)).toEqual([0, n(30_000), 0]);
    expect(paid.year.months[1]!.cashOutflowKobo).toBe(n(30_000));
  });
});

describe('the year: grants', () => {
  it('a member reaching the grant stage applies the month after and is credited the month after that', () => {
    // A plan whose grant opens at stage 1 with a ₦1,000,000 ceiling; members ask a quarter of it.
    const plan: Plan = { ...main, grant: { stage: 1, ceilingKobo: n(1_000_000) } };
    const year = context({ grantApplyShare: 1, grantApprovedShare: 1, grantAmountShare: 0.25 });
    const figures = run(books(plan, 6, year), 6, sevenJoins);
    // Account 0 reaches stage 1 at index 1, applies at 2, is credited ₦250,000 at 3; accounts 1 and 2 reach it at
    // 2, apply at 3, are credited at 4. Each grant is paid on the next payout day with the wallet.
    expect(figures.year.months.map((m) => m.grantApplications)).toEqual([0, 0, 1, 2, 0, 0]);
    expect(figures.year.months.map((m) => m.grantsKobo)).toEqual([0, 0, 0, n(250_000), n(500_000), 0]);
    expect(figures.months[4]!.paidOutKobo).toBe(n(250_000));
    expect(figures.months[5]!.paidOutKobo).toBe(n(500_000));
    // Asking more than the ceiling is asking the ceiling.
    const greedy = context({ grantApplyShare: 1, grantApprovedShare: 1, grantAmountShare: 1 });
    expect(run(books(plan, 6, greedy), 6, sevenJoins).year.totals.grantsKobo).toBe(3 * n(1_000_000));
    // Nobody approved: applications, no money.
    const declined = context({ grantApplyShare: 1, grantApprovedShare: 0, grantAmountShare: 1 });
    const none = run(books(plan, 6, declined), 6, sevenJoins).year.totals;
    expect([none.grantApplications, none.grantsKobo]).toEqual([3, 0]);
  });
});

describe('the year: inactivity', () => {
  it('turns the recruiting curve into monthly chances of carrying on whose product is the curve', () => {
    expect(keepingChances([1, 0.5, 0.25, 0])).toEqual([1, 1, 0.5, 0.5, 0]);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 24 }), (raw) => {
        const curve = [...raw].sort((a, b) => b - a); // non-increasing, as a share still active is
        const keep = keepingChances(curve);
        let share = 1;
        curve.forEach((c, k) => {
          share *= keep[k + 1]!;
          expect(share).toBeCloseTo(c, 9);
        });
      }),
    );
  });

  it('nobody brings anyone once the curve reaches 0', () => {
    const inputs: SimulationInputs = {
      ...exampleSimulationInputs,
      months: 6,
      joinsPerMonth: 200,
      shape: { kind: 'stopping', afterMonth: 2 },
      dropOutPerMonth: 0,
      recruitingCurve: [1, 0],
    };
    const report = simulatePlan({ plans: {}, inputs });
    // Joins stop after the second month (index 1); its members still bring people a month on (the curve's 1) and
    // nobody does two months on (its 0), from index 3.
    expect(report.recruitingPerMonth[3]).toBe(0);
    expect(report.recruitingPerMonth[0]).toBeGreaterThan(0);
  });
});

describe('the year: properties of a whole simulation', () => {
  const inputsArb = fc.record({
    months: fc.integer({ min: 1, max: 14 }),
    joinsPerMonth: fc.integer({ min: 1, max: 120 }),
    seed: fc.integer({ min: 0, max: 1_000 }),
    awardLeadMonths: fc.integer({ min: 0, max: 3 }),
    grantApplyShare: fc.double({ min: 0, max: 1, noNaN: true }),
    grantApprovedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    grantAmountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    cashOutShare: fc.double({ min: 0, max: 1, noNaN: true }),
    cashOutMinimumKobo: fc.integer({ min: 0, max: n(100_000) }),
    suspendedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    suspensionMonths: fc.integer({ min: 0, max: 6 }),
  });

  it('adds up month by month and year by year, and both versions of one plan agree', () => {
    fc.assert(
      fc.property(inputsArb, (drawn) => {
        const inputs: SimulationInputs = {
          ...exampleSimulationInputs,
          ...drawn,
          recruits: [{ people: 3, share: 1 }],
        };
        const report = simulatePlan({ plans: { main: { draft: main, current: main } }, inputs });
        expect({ ...report.draft, label: 'current' }).toEqual(report.current);
        const { months, totals, year } = report.current;
        const sum = (pick: (m: (typeof year.months)[number]) => number) =>
          year.months.reduce((s, m) => s + pick(m), 0);
        expect(sum((m) => m.cashOutsKobo)).toBe(year.totals.cashOutsKobo);
        expect(year.years.reduce((s, y) => s + y.grantsKobo, 0)).toBe(year.totals.grantsKobo);
        expect(year.years.reduce((s, y) => s + y.months, 0)).toBe(inputs.months);
        expect(year.totals.awardsDeliveredKobo + year.totals.awardsOwedKobo).toBe(totals.awardsCostKobo);
        expect(year.totals.grantsKobo).toBeLessThanOrEqual(
          year.totals.grantsApproved * main.grant!.ceilingKobo,
        );
        expect(year.totals.grantsApproved).toBeLessThanOrEqual(year.totals.grantApplications);
        const last = months[months.length - 1]!;
        expect(last.owedUnpaidKobo).toBe(
          totals.bonusesAccruedKobo +
            year.totals.grantsKobo +
            totals.awardsCostKobo -
            totals.paidOutKobo -
            year.totals.cashOutsKobo -
            year.totals.awardsDeliveredKobo,
        );
        // What members' wallets hold at the end: credited net of the health fee, plus grants, less what went out.
        expect(year.totals.walletsAtEndKobo).toBe(
          totals.bonusesAccruedKobo -
            totals.healthFeesKobo +
            year.totals.grantsKobo -
            totals.paidOutKobo -
            year.totals.cashOutsKobo,
        );
        expect(year.totals.cashOutflowKobo).toBe(
          totals.paidOutKobo + year.totals.cashOutsKobo + year.totals.awardsDeliveredKobo,
        );
        // Nobody suspended: nothing held, nothing forgone.
        if (drawn.suspendedShare === 0 || drawn.suspensionMonths === 0) {
          expect(year.totals.heldForSuspensionsKobo + year.totals.forgoneKobo).toBe(0);
          expect(report.suspendedPerMonth.every((s) => s === 0)).toBe(true);
        }
        if (drawn.cashOutShare === 0) expect(year.totals.cashOuts).toBe(0);
      }),
      { numRuns: 40 },
    );
  });

  it('draws each member’s choices from the seed alone, in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(), fc.nat(), fc.nat(), (seed, a, b, c) => {
        const u = hashedFloat(seed, a, b, c);
        expect(u).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThan(1);
        expect(hashedFloat(seed, a, b, c)).toBe(u);
      }),
    );
  });
});

describe('the year: inputs', () => {
  it('the form gives fractions and kobo; the contract takes inputs with or without the year', async () => {
    const { inputsFromForm } = await import('./draft-from-form');
    const { simulationInputsSchema } = await import('../contracts/plan-simulation');
    const form = {
      months: 3,
      joinsPerMonth: 10,
      shape: 'flat' as const,
      shapePercent: 0,
      stopAfterMonth: 1,
      mainSharePercent: 70,
      rejoinPercent: 50,
      dropOutPercent: 5,
      recruits: [[1, 1] as const],
      seed: 1,
      minimumPayoutKobo: 0,
    };
    const inputs = inputsFromForm({
      ...form,
      awardLeadMonths: 2,
      grantApplyPercent: 40,
      grantApprovedPercent: 75,
      grantAmountPercent: 50,
      cashOutPercent: 10,
      cashOutMinimumNaira: 20_000,
      suspendedPercent: 2,
      suspensionMonths: 3,
      recruitingCurve: [100, 50, 0],
    });
    expect(inputs).toMatchObject({
      awardLeadMonths: 2,
      grantApplyShare: 0.4,
      grantApprovedShare: 0.75,
      grantAmountShare: 0.5,
      cashOutShare: 0.1,
      cashOutMinimumKobo: n(20_000),
      suspendedShare: 0.02,
      suspensionMonths: 3,
      recruitingCurve: [1, 0.5, 0],
    });
    expect(simulationInputsSchema.safeParse(inputs).success).toBe(true);
    const without = inputsFromForm(form);
    expect('cashOutShare' in without).toBe(false);
    expect(simulationInputsSchema.safeParse(without).success).toBe(true);
    expect(yearInputs(without)).toEqual(yearInputs(exampleSimulationInputs));
    expect(simulationInputsSchema.safeParse({ ...inputs, cashOutShare: 2 }).success).toBe(false);
  });
});
