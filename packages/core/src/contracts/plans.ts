import { z } from 'zod';
import { AWARD_KINDS } from '../plan/types';
import { programmeField, requiredText } from './fields';
import { adminNameSchema } from './responses';

/** A plan version as the API carries it: core's `Plan`, amounts in kobo as integers. */

const kobo = (what: string) =>
  z
    .number({ message: `${what} must be an amount in kobo` })
    .int(`${what} must be a whole number of kobo`)
    .min(0, `${what} cannot be negative`)
    .max(100_000_000_000_00, `${what} is more than ₦100,000,000,000`);

export const awardDefSchema = z.object({
  kind: z.enum(AWARD_KINDS, { message: 'Choose the kind of award' }),
  label: requiredText('Describe the award', 120),
  // Every award has a value (decision 0062): the liabilities and the simulator count it at what it is worth.
  valueKobo: kobo('The award value').min(
    1,
    'Every award needs a value of more than ₦0: enter what one installment costs the company',
  ),
  installments: z
    .number()
    .int()
    .min(1, 'An award comes at least once')
    .max(10, 'At most 10 yearly installments'),
});

export const stageDefSchema = z.object({
  number: z.number().int().min(0).max(20),
  name: requiredText('Name the stage', 60),
  activitiesKobo: kobo('The activities bonus'),
  graduatingKobo: kobo('The graduating bonus'),
  thankYouKobo: kobo('The Thank You bonus'),
  awards: z
    .array(awardDefSchema)
    .max(6, 'At most 6 awards per stage')
    .refine((awards) => new Set(awards.map((a) => a.kind)).size === awards.length, {
      message: 'A stage holds one award of each kind',
    })
    .readonly(),
});

export const planBodySchema = z.object({
  programme: programmeField,
  version: z.number().int().min(0).describe('the published version; ignored in a draft'),
  name: requiredText('Name the programme', 80),
  feeKobo: kobo('The registration fee'),
  stages: z.array(stageDefSchema).min(1).max(20).readonly(),
  referralBonusKobo: kobo('The referral bonus'),
  referralBonusCap: z.number().int().min(0).max(20),
  directReferralsPerStage: z.number().int().min(0).max(20),
  healthFee: z
    .object({ stage: z.number().int().min(0).max(20), amountKobo: kobo('The health fee') })
    .nullable(),
  grant: z
    .object({ stage: z.number().int().min(0).max(20), ceilingKobo: kobo('The grant ceiling') })
    .nullable(),
  graduateTitle: requiredText('Name the title after the last stage', 60),
  rejoinAfterFinish: z.boolean(),
});

/** A published version: the plan, and since when it applies to new positions. */
export const publishedPlanSchema = planBodySchema.extend({
  effectiveAt: z.string().describe('when the version began to apply to new positions'),
});
export type PublishedPlan = z.infer<typeof publishedPlanSchema>;

/** GET /me/plan: the version the member's position joined under, and the one new members join under now. */
export const memberPlanSchema = publishedPlanSchema.extend({
  joinedUnder: z
    .number()
    .nullable()
    .describe('the version of the member’s latest position; null before paying'),
  currentVersion: z.number().describe('the version new positions join under now'),
});

export const planDraftStatusSchema = z.enum([
  'draft',
  'submitted',
  'scheduled',
  'published',
  'superseded',
  'declined',
]);

export const planDifferenceSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });

/** A version as administrators see it: a draft being edited, one waiting for approval, or a published one. */
export const planVersionRowSchema = z.object({
  id: z.number(),
  programme: programmeField,
  status: planDraftStatusSchema,
  version: z.number().nullable().describe('set when published'),
  basedOn: z.number().describe('the published version the draft was compared with'),
  plan: planBodySchema,
  differences: z
    .array(planDifferenceSchema)
    .describe('against the version it replaces (drafts: the current one)'),
  createdBy: z.string().nullable().describe("the drafting administrator's account id"),
  draftedBy: adminNameSchema
    .nullable()
    .describe('the administrator who drafted it (null: the first version)'),
  approvedBy: adminNameSchema
    .nullable()
    .describe('the second administrator who approved its publication (null: not yet, or published at once)'),
  approvalId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  effectiveAt: z
    .string()
    .nullable()
    .describe('when it takes (a scheduled version: will take) effect for new positions'),
  publishAt: z
    .string()
    .nullable()
    .describe('the time its maker asked it to take effect when submitting; null: at once on approval'),
});
export type PlanVersionRow = z.infer<typeof planVersionRowSchema>;

export const planVersionListSchema = z.object({
  programme: programmeField,
  currentVersion: z.number(),
  items: z.array(planVersionRowSchema),
});
export type PlanVersionList = z.infer<typeof planVersionListSchema>;

/** `/:programme` of the plan routes and the simulator. */
export const programmeParams = z.object({ programme: programmeField });
/** `/:programme/versions/:version` */
export const planVersionParams = programmeParams.extend({ version: z.coerce.number().int().positive() });
/** `/:programme/drafts/:id` */
export const planDraftParams = programmeParams.extend({ id: z.coerce.number().int().positive() });

/** POST /admin/plans/:programme/drafts/:id/submit: the version it became when published at once (SINGLE_ADMIN_APPROVAL). */
export const planPublishedSchema = z.object({
  version: z.number(),
  effectiveAt: z.string().optional().describe('set when it waits for a later time (scheduled)'),
});
export type PlanPublished = z.infer<typeof planPublishedSchema>;

/**
 * POST .../drafts/:id/submit: when the version takes effect (decision 0062). Absent or null: at once on approval; a
 * later time: it is scheduled and takes effect then by itself (a time already past on approval: at once).
 */
export const planSubmitSchema = z
  .object({
    publishAt: z.iso
      .datetime({ offset: true, message: 'Choose a date and time for the version to take effect' })
      .nullable()
      .optional(),
  })
  // No body at all (the submit of a draft to take effect on approval) arrives as null.
  .nullish();
export type PlanSubmit = z.infer<typeof planSubmitSchema>;
