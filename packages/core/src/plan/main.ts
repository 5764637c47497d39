import { nairaToKobo as n } from '../money';
import type { Plan } from './types';

/** The Main platform's table (spec 3.7), amounts in kobo. */
export const mainPlan: Plan = {
  programme: 'main',
  version: 1,
  name: 'Main Platform',
  feeKobo: n(50_000),
  referralBonusKobo: n(10_000),
  referralBonusCap: 2,
  directReferralsPerStage: 2,
  // The spec names a health-organisation fee at stage 2 without an amount: an operator's assumption.
  healthFee: { stage: 2, amountKobo: n(10_000) },
  grant: { stage: 5, ceilingKobo: n(40_000_000) },
  graduateTitle: 'Golden Crown Partner',
  rejoinAfterFinish: false,
  stages: [
    { number: 0, name: 'Welcome', activitiesKobo: 0, graduatingKobo: n(10_000), thankYouKobo: 0, awards: [] },
    {
      number: 1,
      name: 'Associate',
      activitiesKobo: n(50_000),
      graduatingKobo: n(50_000),
      thankYouKobo: 0,
      awards: [],
    },
    {
      number: 2,
      name: 'Honourable',
      activitiesKobo: n(400_000),
      graduatingKobo: n(100_000),
      thankYouKobo: 0,
      awards: [{ kind: 'laptop', label: 'Laptop award', valueKobo: n(200_000), installments: 1 }],
    },
    {
      number: 3,
      name: 'Chairman',
      activitiesKobo: n(700_000),
      graduatingKobo: n(200_000),
      thankYouKobo: 0,
      awards: [{ kind: 'gift', label: 'Gift award', valueKobo: n(600_000), installments: 1 }],
    },
    {
      number: 4,
      name: 'Minister',
      activitiesKobo: n(1_700_000),
      graduatingKobo: n(300_000),
      thankYouKobo: 0,
      awards: [{ kind: 'car', label: 'Car award', valueKobo: n(6_000_000), installments: 1 }],
    },
    {
      number: 5,
      name: 'Executive',
      activitiesKobo: n(4_000_000),
      graduatingKobo: n(1_500_000),
      thankYouKobo: 0,
      awards: [
        { kind: 'social_club', label: 'Social club', valueKobo: n(1_000_000), installments: 1 },
        { kind: 'suv', label: 'SUV award', valueKobo: n(30_000_000), installments: 1 },
      ],
    },
    {
      number: 6,
      name: 'Eldorado',
      activitiesKobo: n(10_000_000),
      graduatingKobo: n(3_000_000),
      thankYouKobo: 0,
      awards: [
        { kind: 'housing', label: 'Housing award', valueKobo: n(60_000_000), installments: 1 },
        {
          kind: 'golden_crown_annual',
          label: 'Golden Crown annual award',
          valueKobo: n(10_000_000),
          installments: 5,
        },
      ],
    },
  ],
};
