import { z } from 'zod';
import { loginAnswerSchema, pageQuerySchema } from './auth';
import { emailField, exactTextField, programmeField, textField } from './fields';
import { approvalSimulationSchema } from './plan-simulation';
import { adminNameSchema } from './responses';

/** Maker-checker requests, who they are for, and administrators' two-factor sign-in. */

export const approvalKindSchema = z.enum([
  'cash_out',
  'payout_run',
  'grant_approval',
  'make_admin',
  'remove_admin',
  'close_account',
  'payout_retry',
  'erase_member',
  'refund',
  'plan_version',
  'bank_file_record',
  'bank_file_reversal',
  'dispute_accept',
]);
export const approvalStatusSchema = z.enum(['pending', 'approved', 'declined', 'failed']);

const person = z.object({ id: z.string(), fullName: z.string(), email: z.string() });

export const approvalSchema = z.object({
  id: z.number(),
  kind: approvalKindSchema,
  status: approvalStatusSchema,
  summary: z.string().describe('what the act does, in words'),
  amount: z.string().nullable().describe('naira, for acts that move money'),
  count: z
    .number()
    .nullable()
    .describe('how many payments the frozen preview holds, for acts that move money'),
  hasPreview: z.boolean().describe('what the maker saw is kept: GET /admin/approvals/:id shows it'),
  leftOut: z
    .array(z.object({ fullName: z.string(), reason: z.string() }))
    .describe('lines of the frozen preview that were not carried out because they changed since the request'),
  held: z
    .string()
    .nullable()
    .describe(
      "naira the request set aside from the member's wallet when it was made (a cash-out): payout runs leave it out; given back if declined, withdrawn or failed",
    ),
  overlaps: z
    .array(
      z.object({
        accountId: z.string(),
        fullName: z.string(),
        requests: z.array(z.object({ id: z.number(), kind: approvalKindSchema, summary: z.string() })),
      }),
    )
    .describe(
      'while it waits: members this request names whom other waiting requests name too (one wallet pays both)',
    ),
  maker: person,
  checker: person.nullable(),
  target: person.extend({ programme: programmeField }).nullable(),
  declineReason: z.string().nullable(),
  failureReason: z.string().nullable(),
  singleAdmin: z.boolean().describe('completed at once by its maker (SINGLE_ADMIN_APPROVAL=true)'),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  takesEffectAt: z
    .string()
    .nullable()
    .describe(
      'a removal of an administrator: it takes effect then, with no checker, unless an administrator other than its maker and its target declines it first',
    ),
  objection: z
    .object({ reason: z.string(), at: z.string() })
    .nullable()
    .describe(
      'the objection of the administrator the request concerns: recorded and mailed, it does not decline it',
    ),
  simulation: approvalSimulationSchema
    .nullable()
    .describe(
      'a plan version: the latest simulation of the draft as it is now, with its headline figures (null: none, or another kind)',
    ),
});
export type Approval = z.infer<typeof approvalSchema>;

/** GET /admin/approvals: a page, optionally of one status. */
export const approvalListQuerySchema = pageQuerySchema.extend({ status: approvalStatusSchema.optional() });

export const approvalListSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(approvalSchema),
});

/** One line of what the maker saw: who is paid, how much, to which account (and from which, when it changed). */
export const approvalPreviewLineSchema = z.object({
  accountId: z.string().nullable(),
  fullName: z.string(),
  email: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumberLast4: z.string().nullable(),
  previousBankName: z.string().nullable(),
  previousAccountNumberLast4: z.string().nullable(),
  bankDetailsSavedAt: z.string().nullable(),
  amount: z.string(),
});
export type ApprovalPreviewLine = z.infer<typeof approvalPreviewLineSchema>;

/** GET /admin/approvals/:id: the request and the preview frozen when it was asked. */
export const approvalDetailSchema = z.object({
  approval: approvalSchema,
  preview: z
    .object({ total: z.string(), count: z.number(), lines: z.array(approvalPreviewLineSchema) })
    .nullable(),
});
export type ApprovalDetail = z.infer<typeof approvalDetailSchema>;

export const approvalsWaitingSchema = z.object({
  waiting: z.number().describe('requests another administrator may approve'),
});

/** The answer of an act that now waits for a second administrator (HTTP 202). */
export const approvalPendingAnswerSchema = z.object({
  status: z.literal(202),
  message: z.string(),
  alreadyWaiting: z
    .boolean()
    .describe('an earlier request for the same thing waits: this is it, no new one was made'),
  approval: approvalSchema,
});
export type ApprovalPendingAnswer = z.infer<typeof approvalPendingAnswerSchema>;

export const approvalSettingsSchema = z.object({
  singleAdmin: z.boolean(),
  cashOutThreshold: z.string().describe('naira: a cash-out above it needs a second administrator'),
  twoFactor: z.enum(['required', 'optional']),
});
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

export const declineApprovalSchema = z.strictObject({
  reason: textField({ multiLine: true })
    .min(3, 'Say why you decline (at least 3 characters)')
    .max(500, 'Use at most 500 characters'),
});
export type DeclineApprovalInput = z.input<typeof declineApprovalSchema>;

/** GET /admin/accounts/confirm: who an act is for, shown before it is submitted. */
export const accountForConfirmationQuery = z.object({
  programme: programmeField,
  email: emailField({ required: 'Enter the member’s email', invalid: 'Enter a valid email address' }),
});
export const accountForConfirmationSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  programme: programmeField,
  role: z.enum(['user', 'admin']),
  status: z.enum(['active', 'suspended', 'closed']),
  walletBalance: z.string(),
  paid: z.boolean(),
});
export type AccountForConfirmation = z.infer<typeof accountForConfirmationSchema>;

export const administratorListSchema = z.object({
  items: z.array(
    person.extend({
      status: z.enum(['active', 'suspended']),
      twoFactor: z.boolean().describe('their approvals count only once it is on'),
      you: z.boolean(),
      removal: z
        .object({
          approvalId: z.number(),
          askedBy: adminNameSchema,
          askedAt: z.string(),
          takesEffectAt: z.string().nullable(),
          objection: z.string().nullable(),
        })
        .nullable()
        .describe('the removal of this administrator that waits, and when it takes effect unless declined'),
    }),
  ),
});

/** Two-factor sign-in. */
export const twoFactorCodeField = z
  .string({ message: 'Enter the 6-digit code or a recovery code' })
  .trim()
  .min(6, 'Enter the 6-digit code or a recovery code')
  .max(20, 'Enter the 6-digit code or a recovery code');

export const twoFactorVerifySchema = z.strictObject({
  challenge: exactTextField().min(10).max(2000),
  code: twoFactorCodeField,
});
export type TwoFactorVerifyInput = z.input<typeof twoFactorVerifySchema>;
export const twoFactorChallengeSchema = z.strictObject({ challenge: exactTextField().min(10).max(2000) });
export const twoFactorConfirmSchema = z.strictObject({
  code: twoFactorCodeField,
  challenge: exactTextField().min(10).max(2000).optional(),
});
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;

/** The admin login's answer when a second factor is needed: no session yet, a short challenge instead. */
export const twoFactorChallengeAnswerSchema = z.object({
  status: z.number(),
  message: z.string(),
  twoFactor: z.enum(['code', 'enrol']),
  challenge: z.string(),
});
export type TwoFactorChallengeAnswer = z.infer<typeof twoFactorChallengeAnswerSchema>;

/** An admin login answers a session, or the challenge of its second step. */
export const loginOrChallengeAnswerSchema = z.union([loginAnswerSchema, twoFactorChallengeAnswerSchema]);

/** The second step's session, with the recovery codes when it enrolled the administrator. */
export const loginWithCodesSchema = loginAnswerSchema.extend({
  recoveryCodes: z.array(z.string()).optional(),
});

/** The first code confirmed: the recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  account: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** An optional Idempotency-Key per submission: a double click asks for one approval, not two. */
export const approvalKeyHeaders = z.object({
  'idempotency-key': z.uuid({ message: 'The Idempotency-Key header must be a UUID' }).optional(),
});
