import { z } from 'zod';
import { PROGRAMMES } from '../plan/types';
import { pageQuerySchema } from './auth';
import { emailField, phoneField, requiredText, textField } from './fields';
import { closureReasons, fraudRules, suspensionReasons } from '../review/member-review';
import { awardSchema, matrixSchema, stageProgressSchema } from './member-responses';
import { adminNameSchema, nairaString } from './responses';
import { refundSchema } from './refunds';
import { termsAcceptedSchema } from './terms';

/** The member record, suspension and fraud-signal review of the admin area (issue 13), declared once. */

const note = textField({ multiLine: true })
  .min(5, 'Please write at least a few words for the record')
  .max(1000, 'Please keep the note under 1,000 characters');

export const suspendAccountSchema = z.object({
  reason: z.enum(suspensionReasons, { error: 'Please choose why the account is suspended' }),
  note,
});
export const reinstateAccountSchema = z.object({ note });
export const closeAccountSchema = z.object({
  reason: z.enum(closureReasons, { error: 'Please choose why the account is closed' }),
  note,
});
export const clearFlagSchema = z.object({ note });
export const holdFlagSchema = z.object({ note });
export const clearFlagGroupSchema = z.object({
  groupKey: z.string().min(1, 'Choose a group of signals').max(200),
  note,
});
export type CloseAccountInput = z.infer<typeof closeAccountSchema>;
export type ClearFlagGroupInput = z.infer<typeof clearFlagGroupSchema>;
/**
 * A member's name, phone, address and email as the member keeps them (PUT /me/details): the name, phone and address
 * change at once; a new email waits until the new address confirms it (the old one stays until then).
 */
export const memberDetailsSchema = z.object({
  fullName: requiredText('Enter the full names', 120),
  phone: phoneField,
  address: requiredText('Enter a valid address', 300),
  email: emailField({ required: 'Enter an email address', invalid: 'Provide a valid email address' }),
});
export type MemberDetailsInput = z.input<typeof memberDetailsSchema>;

/** PUT /admin/members/:id/details: an administrator corrects the same fields but the address, with why. */
export const memberCorrectionSchema = memberDetailsSchema.omit({ address: true }).extend({
  reason: textField({ multiLine: true })
    .min(5, 'Please write why, in a few words, for the record')
    .max(500, 'Please keep the reason under 500 characters'),
});
export type MemberCorrectionInput = z.input<typeof memberCorrectionSchema>;

export type SuspendAccountInput = z.infer<typeof suspendAccountSchema>;
export type ReinstateAccountInput = z.infer<typeof reinstateAccountSchema>;
export type ClearFlagInput = z.infer<typeof clearFlagSchema>;

const accountLink = z.object({ id: z.string(), fullName: z.string(), email: z.string() });

export const fraudFlagSchema = z.object({
  id: z.number(),
  account: accountLink.extend({ programme: z.enum(PROGRAMMES) }),
  rule: z.enum(fraudRules),
  ruleText: z.string(),
  related: accountLink.nullable(),
  detail: z.string(),
  holdsPayouts: z.boolean().describe('the account’s payouts wait until this signal is cleared'),
  groupKey: z
    .string()
    .nullable()
    .describe(
      'signals raised together (one address within one hour) share it and can be cleared in one step',
    ),
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
  clearedBy: adminNameSchema.nullable(),
  clearNote: z.string().nullable(),
});
export const fraudFlagListSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(fraudFlagSchema),
});

/** Open signals raised together (everyone from one address in one hour), for review and clearing in one step. */
export const fraudFlagGroupSchema = z.object({
  groupKey: z.string(),
  rule: z.enum(fraudRules),
  ruleText: z.string(),
  detail: z.string(),
  count: z.number(),
  holding: z.number().describe('how many of them hold payouts'),
  firstRaisedAt: z.string(),
  lastRaisedAt: z.string(),
  members: z.array(accountLink),
});
export const fraudFlagGroupListSchema = z.object({ items: z.array(fraudFlagGroupSchema) });
export type FraudFlagGroup = z.infer<typeof fraudFlagGroupSchema>;

export const inactiveAccountSchema = accountLink.extend({
  programme: z.enum(PROGRAMMES),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  lastPaymentAt: z.string().nullable(),
  wallet: nairaString,
});
export const inactiveAccountListSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  cutoff: z.string().describe('accounts with no sign-in and no payment since this moment'),
  items: z.array(inactiveAccountSchema),
});

export const statusChangeSchema = z.object({
  fromStatus: z.string(),
  toStatus: z.string(),
  reason: z.string(),
  note: z.string(),
  by: adminNameSchema.nullable().describe('the administrator who made the change (null: the platform)'),
  createdAt: z.string(),
});

export const memberRecordSchema = z.object({
  id: z.string(),
  programme: z.enum(PROGRAMMES),
  role: z.enum(['user', 'admin']),
  fullName: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  /** A corrected email waiting for the new address to confirm it; the account signs in with `email` until then. */
  pendingEmail: z.object({ email: z.string(), requestedAt: z.string(), expiresAt: z.string() }).nullable(),
  phone: z.string(),
  address: z.string(),
  referralCode: z.string(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** The plan version whose terms the member accepted at sign-up, and when (decision 0060). */
  terms: termsAcceptedSchema,
  status: z.enum(['active', 'suspended', 'closed']),
  statusHistory: z.array(statusChangeSchema),
  sponsor: accountLink.nullable(),
  directReferrals: z.array(accountLink.extend({ paid: z.boolean() })),
  paid: z.boolean(),
  stage: z.number().nullable(),
  stageName: z.string().nullable(),
  progress: stageProgressSchema.nullable(),
  wallet: nairaString,
  walletLines: z.array(
    z.object({
      entryId: z.number(),
      kind: z.string(),
      reason: z.string(),
      amount: nairaString,
      createdAt: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      reference: z.string(),
      amount: nairaString,
      charged: nairaString.nullable().describe('what Paystack charged the customer; null until paid'),
      paystackFees: nairaString.nullable().describe("Paystack's fees on the charge; null when not told"),
      feesBorneBy: z.enum(['customer', 'company']).nullable(),
      status: z.string(),
      failureReason: z.string().nullable(),
      paidAt: z.string().nullable(),
      createdAt: z.string(),
      refunds: z.array(refundSchema).describe("the payment's refunds, newest first"),
    }),
  ),
  bankDetails: z
    .object({
      bankName: z.string(),
      accountName: z.string(),
      accountNumberMasked: z.string(),
      verified: z.boolean(),
      resolvedAccountName: z.string().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
  awards: z.array(awardSchema),
  grants: z.array(
    z.object({
      id: z.number(),
      amount: nairaString,
      purpose: z.string(),
      status: z.string(),
      decisionNote: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  payouts: z
    .array(
      z.object({
        reference: z.string().describe('the Paystack transfer reference'),
        period: z.string().nullable().describe("the run's month"),
        attempt: z.number(),
        amount: nairaString,
        status: z.string(),
        bankName: z.string(),
        accountNumberLast4: z.string(),
        failureReason: z.string().nullable(),
        createdAt: z.string().describe('when its outcome was recorded'),
      }),
    )
    .describe('every transfer attempt, newest first: a failed transfer and its retry are two rows'),
  cashOuts: z.array(
    z.object({ id: z.number(), amount: nairaString, by: adminNameSchema.nullable(), createdAt: z.string() }),
  ),
  closure: z.object({
    requestedAt: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    reason: z.enum(closureReasons).nullable().describe('set when an administrator closed the account'),
    money: z
      .string()
      .nullable()
      .describe('what happens to the wallet balance and pending awards of a closed account'),
  }),
  flags: z.array(fraudFlagSchema),
  audit: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      actor: adminNameSchema.nullable().describe('who did it, by name and email (null: the platform)'),
      details: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
});

/** The matrix from a member down, as an administrator sees it: the member view's tree with full names. */
export const adminMatrixSchema = matrixSchema.extend({
  nodes: z.array(matrixSchema.shape.nodes.element.extend({ name: z.string() })),
});

export type FraudFlag = z.infer<typeof fraudFlagSchema>;
export type FraudFlagList = z.infer<typeof fraudFlagListSchema>;
export type InactiveAccount = z.infer<typeof inactiveAccountSchema>;
export type InactiveAccountList = z.infer<typeof inactiveAccountListSchema>;
export type MemberRecord = z.infer<typeof memberRecordSchema>;
export type AdminMatrix = z.infer<typeof adminMatrixSchema>;

/** `/:id` of an account in the admin area. */
export const accountParams = z.object({ id: z.uuid('No such account.') });

/** GET /admin/flags: open signals, or cleared ones. */
export const fraudFlagListQuerySchema = pageQuerySchema.extend({
  state: z.enum(['open', 'cleared']).default('open'),
});

/** /admin/members/:id/details: the corrected record */
export const memberCorrectedSchema = z.object({ message: z.string(), record: memberRecordSchema });
export type MemberCorrected = z.infer<typeof memberCorrectedSchema>;

/** POST /auth/confirm-email-change: the programme tells the page where to sign in. */
export const emailChangeConfirmedSchema = z.object({ message: z.string(), programme: z.enum(PROGRAMMES) });
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;

/** POST /admin/flag-groups/clear */
export const flagGroupClearedSchema = z.object({ message: z.string(), cleared: z.number() });
export type FlagGroupCleared = z.infer<typeof flagGroupClearedSchema>;
