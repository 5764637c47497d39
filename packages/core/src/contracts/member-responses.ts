import { z } from 'zod';
import { exactTextField, programmeField, textField } from './fields';
import { nairaString } from './responses';

/**
 * What the member API answers, declared once: the server's routes serialise through these (so the OpenAPI page
 * shows them and nothing else leaks out) and the client reads their types.
 */

export const stageProgressSchema = z.object({
  stage: z.number(),
  stageName: z.string(),
  nextStage: z.number().nullable(),
  nextStageName: z.string().nullable(),
  neededPlaces: z.number(),
  filledPlaces: z.number(),
  neededDirectReferrals: z.number(),
  directReferrals: z.number(),
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
  value: nairaString,
  description: z.string(),
  status: z.enum(['pending', 'delivered']),
  dueAt: z
    .string()
    .describe('when the installment falls due: when earned, or a yearly installment on its anniversary'),
  dueStatus: z.enum(['upcoming', 'due', 'delivered']),
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
  finished: z
    .boolean()
    .describe('Welcome Back: the latest position has finished Thank You, so the participant may pay again'),
  cycle: z.number(),
  progress: stageProgressSchema.nullable(),
  wallet: nairaString,
  graduatingBonus: nairaString,
  referralCount: z.number(),
  referralNode: z.number().describe('positions in the whole subtree under the member’s current position'),
  stageWindow: z
    .object({
      levels: z.number().describe('levels 1..levels below the position decide the current stage'),
      positions: z.number().describe('positions already in those levels'),
      places: z.number().describe('places those levels hold when full'),
    })
    .nullable(),
  transaction_counts: z.number(),
  awards: z.array(awardSchema),
  grantEligible: z.boolean(),
};

export const mainDashboardSchema = z.object({
  programme: z.literal('main'),
  ...commonFields,
  earnedBonus: nairaString,
  healthFee: nairaString,
  mbbpil_social_club: nairaString,
  gift: nairaString,
  laptop_award_or_equivalent: nairaString,
  car_award: nairaString,
  housing_award: nairaString,
  suv_award: nairaString,
  goldenCrownAward: nairaString,
});

export const welcomeBackDashboardSchema = z.object({
  programme: z.literal('welcomeback'),
  ...commonFields,
  matrixBonus: nairaString,
  thankYouBonus: nairaString,
  laptopAward: nairaString,
  Award: nairaString,
});

export const dashboardSchema = z.discriminatedUnion('programme', [
  mainDashboardSchema,
  welcomeBackDashboardSchema,
]);

/** What a wallet line is: a bonus credited, the health fee deducted, or money paid out (or back). */
export const walletLineKinds = [
  'referral',
  'activities',
  'graduating',
  'thank_you',
  'health_fee',
  'payout',
  'payout_returned',
  'cash_out',
  'grant',
  'other',
] as const;
export const walletLineKindSchema = z.enum(walletLineKinds);

export const walletHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kind: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(z.array(walletLineKindSchema).min(1).optional())
    .describe('comma-separated kinds to keep, e.g. payout,cash_out'),
});

export const walletHistorySchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(
    z.object({
      id: z.string().describe('unique per line'),
      entryId: z.number().describe('the ledger entry; the lines of one event share it'),
      kind: walletLineKindSchema,
      stage: z
        .number()
        .nullable()
        .describe('the stage whose completion paid it, for stage bonuses and the health fee'),
      reason: z.string(),
      from: z
        .string()
        .nullable()
        .describe('first name and surname initial of the person whose payment earned it (referral bonus)'),
      amount: nairaString.describe('positive for a credit, negative for a debit'),
      createdAt: z.string(),
    }),
  ),
});

export const matrixSchema = z.object({
  paid: z.boolean(),
  rootPositionId: z.number().nullable(),
  levels: z.number(),
  nextLevel: z
    .object({ level: z.number().describe('levels below the member’s own position'), emptyPlaces: z.number() })
    .nullable()
    .describe('the first level under the member that still has empty places'),
  nodes: z.array(
    z.object({
      positionId: z.number(),
      parentId: z.number().nullable(),
      slot: z.number().nullable(),
      level: z.number(),
      initials: z.string(),
      name: z.string().describe('first name and surname initial'),
      stage: z.number(),
      stageName: z.string(),
      joinedAt: z.string(),
      hasChildren: z.boolean(),
    }),
  ),
});

/** GET /me/matrix/search?name=: the search form and the route share it. */
export const matrixSearchQuerySchema = z.object({
  name: textField()
    .min(1, 'Type a first name or surname to search for.')
    .max(60, 'Type at most 60 characters.'),
});

/** GET /me/matrix/search: people in the member's own subtree found by name. */
export const matrixSearchSchema = z.object({
  people: z.array(
    z.object({
      positionId: z.number(),
      level: z.number(),
      name: z.string(),
      stage: z.number(),
      stageName: z.string(),
      joinedAt: z.string(),
    }),
  ),
});

/** GET /me/grant and the grant of POST /me/grant (Main, Executive stage). */
export const grantSchema = z.object({
  id: z.number(),
  amount: nairaString,
  purpose: z.string(),
  /** withdrawn: the member took a pending application back before any decision. */
  status: z.enum(['pending', 'approved', 'declined', 'withdrawn']),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

/** GET /me/close */
export const closureStatusSchema = z.object({
  requestedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  effectiveAt: z.string().nullable(),
  closed: z.boolean(),
});

/** POST /auth/confirm-closure: the mailed link's token. */
export const confirmClosureSchema = z.strictObject({
  token: exactTextField('This confirmation link is not valid.')
    .min(16, 'This confirmation link is not valid.')
    .max(200),
});
export const closureConfirmedSchema = z.object({ message: z.string(), effectiveAt: z.string() });

/** ?programme= of the member area's reads: the signed-in account's own when absent. */
export const programmeQuerySchema = z.object({ programme: programmeField.optional() });

/** GET /me/awards */
export const awardListAnswerSchema = z.object({ awards: z.array(awardSchema) });

export type StageProgress = z.infer<typeof stageProgressSchema>;
export type Award = z.infer<typeof awardSchema>;
export type MainDashboard = z.infer<typeof mainDashboardSchema>;
export type WelcomeBackDashboard = z.infer<typeof welcomeBackDashboardSchema>;
export type Dashboard = z.infer<typeof dashboardSchema>;
export type WalletHistory = z.infer<typeof walletHistorySchema>;
export type WalletLine = WalletHistory['items'][number];
export type WalletLineKind = z.infer<typeof walletLineKindSchema>;
export type MatrixView = z.infer<typeof matrixSchema>;
export type MatrixNode = MatrixView['nodes'][number];
export type MatrixSearch = z.infer<typeof matrixSearchSchema>;
export type Grant = z.infer<typeof grantSchema>;
export type ClosureStatus = z.infer<typeof closureStatusSchema>;
export type ClosureConfirmed = z.infer<typeof closureConfirmedSchema>;
export type AwardListAnswer = z.infer<typeof awardListAnswerSchema>;
