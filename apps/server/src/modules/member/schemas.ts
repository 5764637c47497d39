import { z } from 'zod';

/** Response shapes of the member area, declared so the OpenAPI page shows them and nothing else leaks out. */

const naira = z.string().describe('naira, as a decimal string such as "50000.00"');

export const programmeQuery = z.enum(['main', 'welcomeback'], { message: 'programme must be main or welcomeback' });

export const stageProgressSchema = z.object({
  stage: z.number(),
  stageName: z.string(),
  nextStage: z.number().nullable(),
  nextStageName: z.string().nullable(),
  missingPlaces: z.number(),
  missingDirectReferrals: z.number(),
  fraction: z.number(),
  summary: z.string(),
});

export const awardSchema = z.object({
  id: z.number(),
  kind: z.string(),
  label: z.string(),
  stage: z.number(),
  installment: z.number(),
  value: naira,
  description: z.string(),
  status: z.enum(['pending', 'delivered']),
  createdAt: z.string(),
});

const commonFields = {
  fullName: z.string(),
  email: z.string(),
  referralCode: z.string(),
  address: z.string(),
  phone: z.string(),
  status: z.string().describe('the level (stage name), as the spec names it'),
  stage: z.number(),
  stageName: z.string(),
  paid: z.boolean(),
  finished: z.boolean().describe('Welcome Back: the latest position has finished Thank You, so the participant may pay again'),
  cycle: z.number(),
  progress: stageProgressSchema.nullable(),
  wallet: naira,
  graduatingBonus: naira,
  referralCount: z.number(),
  referralNode: z.number(),
  transaction_counts: z.number(),
  awards: z.array(awardSchema),
  grantEligible: z.boolean(),
};

export const mainDashboardSchema = z.object({
  programme: z.literal('main'),
  ...commonFields,
  earnedBonus: naira,
  healthFee: naira,
  mbbpil_social_club: naira,
  gift: naira,
  laptop_award_or_equivalent: naira,
  car_award: naira,
  housing_award: naira,
  suv_award: naira,
  goldenCrownAward: naira,
});

export const welcomeBackDashboardSchema = z.object({
  programme: z.literal('welcomeback'),
  ...commonFields,
  matrixBonus: naira,
  thankYouBonus: naira,
  laptopAward: naira,
  Award: naira,
});

export const dashboardSchema = z.discriminatedUnion('programme', [mainDashboardSchema, welcomeBackDashboardSchema]);

export const walletHistorySchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      reason: z.string(),
      amount: naira.describe('positive for a credit, negative for a debit'),
      createdAt: z.string(),
    }),
  ),
});

export const matrixSchema = z.object({
  paid: z.boolean(),
  rootPositionId: z.number().nullable(),
  levels: z.number(),
  nodes: z.array(
    z.object({
      positionId: z.number(),
      parentId: z.number().nullable(),
      slot: z.number().nullable(),
      level: z.number(),
      initials: z.string(),
      stage: z.number(),
      stageName: z.string(),
      joinedAt: z.string(),
      hasChildren: z.boolean(),
    }),
  ),
});

export const errorSchema = z.object({ message: z.string(), code: z.string().optional() });
