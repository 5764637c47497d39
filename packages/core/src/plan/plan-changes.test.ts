import { describe, expect, it } from 'vitest';
import { nairaToKobo as n } from '../money';
import { getPlan, planDifferences, planShapeProblems, type Plan } from '.';

describe('what a new plan version may change', () => {
  const main = getPlan('main');

  it('figures may change; the shape may not', () => {
    const raised: Plan = {
      ...main,
      feeKobo: n(60_000),
      stages: main.stages.map((s) => (s.number === 1 ? { ...s, graduatingKobo: n(65_000) } : s)),
    };
    expect(planShapeProblems(main, raised)).toEqual([]);
    expect(planShapeProblems(main, { ...main, directReferralsPerStage: 3 })).toEqual([
      "The direct referrals each stage needs is part of the programme's shape and cannot change (it is 2).",
    ]);
    expect(planShapeProblems(main, { ...main, stages: main.stages.slice(0, 6) })).toContain(
      "The number of stages is part of the programme's shape and cannot change (it is 7).",
    );
    expect(
      planShapeProblems(main, {
        ...main,
        stages: main.stages.map((s) => (s.number === 3 ? { ...s, name: 'President' } : s)),
      }),
    ).toEqual(["Stage 3's name is part of the programme's shape and cannot change (it is Chairman)."]);
    expect(planShapeProblems(main, { ...main, healthFee: { stage: 9, amountKobo: 1 } })).toEqual([
      "The health fee's stage must be one of the stages (0 to 6).",
    ]);
    expect(planShapeProblems(main, { ...main, feeKobo: 0 })).toEqual(['The fee must be more than ₦0.']);
  });

  it('names every figure that differs, in naira, and nothing else', () => {
    expect(planDifferences(main, main)).toEqual([]);
    const changed: Plan = {
      ...main,
      referralBonusKobo: n(12_000),
      healthFee: null,
      stages: main.stages.map((s) =>
        s.number === 6
          ? {
              ...s,
              awards: s.awards.map((a) => (a.kind === 'golden_crown_annual' ? { ...a, installments: 3 } : a)),
            }
          : s,
      ),
    };
    expect(planDifferences(main, changed)).toEqual([
      { field: 'Referral bonus', before: '₦10,000', after: '₦12,000' },
      { field: 'Health organisation fee', before: '₦10,000 at stage 2', after: 'none' },
      {
        field: 'Eldorado (stage 6) award 2',
        before: 'Golden Crown annual award (golden_crown_annual), ₦10,000,000 a year for 5 years',
        after: 'Golden Crown annual award (golden_crown_annual), ₦10,000,000 a year for 3 years',
      },
    ]);
  });
});
