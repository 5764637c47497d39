import { nairaToKobo as n } from '../money';
import type { Plan } from './types';

/** The Welcome Back table (spec 3.8), amounts in kobo. */
export const welcomeBackPlan: Plan = {
  programme: 'welcomeback',
  version: 1,
  name: 'Welcome Back Platform',
  feeKobo: n(5_000),
  referralBonusKobo: n(1_000),
  referralBonusCap: 2,
  directReferralsPerStage: 2,
  healthFee: null,
  grant: null,
  graduateTitle: 'Finished',
  rejoinAfterFinish: true,
  stages: [
    { number: 0, name: 'Welcome', activitiesKobo: 0, graduatingKobo: n(1_000), thankYouKobo: 0, awards: [] },
    {
      number: 1,
      name: 'Participant',
      activitiesKobo: n(5_000),
      graduatingKobo: n(10_000),
      thankYouKobo: 0,
      awards: [],
    },
    {
      number: 2,
      name: 'Courage',
      activitiesKobo: n(20_000),
      graduatingKobo: n(50_000),
      thankYouKobo: 0,
      awards: [],
    },
    {
      number: 3,
      name: 'Thank You',
      activitiesKobo: n(50_000),
      graduatingKobo: 0,
      thankYouKobo: n(50_000),
      // The spec names the gift without a value; the operator values it at ₦50,000 (decision 0062): the Thank You
      // bonus's amount, half the stage's cash, as Main's awards are 40-67% of theirs, and what a modest bundle (a
      // blender, a pressing iron and a standing fan) costs in Lagos in 2026. The liabilities and the simulator count it.
      awards: [
        {
          kind: 'domestic_appliances',
          label: 'Domestic appliances gift',
          valueKobo: n(50_000),
          installments: 1,
        },
      ],
    },
  ],
};
