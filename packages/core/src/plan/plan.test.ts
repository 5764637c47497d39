import { describe, expect, it } from 'vitest';
import { nairaToKobo } from '../money';
import { getPlan, stageTotalKobo } from '.';

describe('the plans as data', () => {
  it('Main: the spec 3.7 Total column, stage by stage', () => {
    const plan = getPlan('main');
    expect(plan.stages.map((s) => s.name)).toEqual([
      'Welcome',
      'Associate',
      'Honourable',
      'Chairman',
      'Minister',
      'Executive',
      'Eldorado',
    ]);
    expect(plan.stages.map((s) => stageTotalKobo(plan, s))).toEqual(
      [30_000, 100_000, 700_000, 1_500_000, 8_000_000, 36_500_000, 73_000_000].map(nairaToKobo),
    );
    expect(plan.feeKobo).toBe(nairaToKobo(50_000));
    const annual = plan.stages[6]!.awards.find((a) => a.kind === 'golden_crown_annual')!;
    expect([annual.valueKobo, annual.installments]).toEqual([nairaToKobo(10_000_000), 5]);
    expect(plan.grant).toEqual({ stage: 5, ceilingKobo: nairaToKobo(40_000_000) });
  });

  it('Welcome Back: the spec 3.8 Total column, stage by stage', () => {
    const plan = getPlan('welcomeback');
    expect(plan.stages.map((s) => s.name)).toEqual(['Welcome', 'Participant', 'Courage', 'Thank You']);
    // The spec's Thank You total is ₦100,000 of cash "plus a domestic appliances gift award" it leaves unvalued; the
    // operator values the gift at ₦50,000 (decision 0062), and a total counts its one-off awards, as Main's do.
    expect(plan.stages.map((s) => stageTotalKobo(plan, s))).toEqual(
      [3_000, 15_000, 70_000, 100_000 + 50_000].map(nairaToKobo),
    );
    expect(plan.stages[3]!.awards).toEqual([
      {
        kind: 'domestic_appliances',
        label: 'Domestic appliances gift',
        valueKobo: nairaToKobo(50_000),
        installments: 1,
      },
    ]);
    expect(plan.feeKobo).toBe(nairaToKobo(5_000));
    expect(plan.rejoinAfterFinish).toBe(true);
  });
});
