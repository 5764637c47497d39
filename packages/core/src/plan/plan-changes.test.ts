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

  it('refuses an award without a value, and two of a kind at one stage', () => {
    const withAward = (awards: Plan['stages'][number]['awards']): Plan => ({
      ...main,
      stages: main.stages.map((s) => (s.number === 1 ? { ...s, awards } : s)),
    });
    expect(
      planShapeProblems(main, withAward([{ kind: 'gift', label: 'Gift', valueKobo: 0, installments: 1 }])),
    ).toEqual([
      'The Gift at Associate (stage 1) needs a value of more than ₦0: enter what one installment costs the company.',
    ]);
    const gift = { kind: 'gift', label: 'Gift', valueKobo: n(1_000), installments: 1 } as const;
    expect(planShapeProblems(main, withAward([gift, gift]))).toEqual([
      'Associate (stage 1) has two gift awards.',
    ]);
  });

  it('says an award added or removed at a stage, with its value', () => {
    const added: Plan = {
      ...main,
      stages: main.stages.map((s) =>
        s.number === 1
          ? {
              ...s,
              awards: [{ kind: 'gift', label: 'Welcome hamper', valueKobo: n(25_000), installments: 1 }],
            }
          : s.number === 5
            ? { ...s, awards: s.awards.filter((a) => a.kind !== 'social_club') }
            : s,
      ),
    };
    expect(planDifferences(main, added)).toEqual([
      {
        field: 'Award added at Associate (stage 1)',
        before: 'none',
        after: 'Welcome hamper (gift), ₦25,000',
      },
      {
        field: 'Award removed at Executive (stage 5)',
        before: 'Social club (social_club), ₦1,000,000',
        after: 'none',
      },
    ]);
    // And back: the same two lines the other way round.
    expect(planDifferences(added, main).map((d) => d.field)).toEqual([
      'Award removed at Associate (stage 1)',
      'Award added at Executive (stage 5)',
    ]);
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
