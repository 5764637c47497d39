import { z } from 'zod';
import { PROGRAMMES } from '../plan/types';
import { programmeField, textField } from './fields';
import { plainPageQuerySchema } from './params';
import { grantSchema } from './member-responses';
import { approvalSchema } from './approvals';
import { adminNameSchema, nairaString, pageOf } from './responses';

/**
 * What the admin API answers, declared once: the server's routes serialise through these and the admin
 * screens read their types.
 */

const programme = z.enum(PROGRAMMES);
const pageFields = { page: z.number(), pageSize: z.number(), total: z.number() };

// The dashboard's widgets (GET /admin/adminTransactionAmount, /admin/countUsers, /admin/transactions/latest).
export const moneyFiguresSchema = z.object({
  total: nairaString.describe('naira, all time'),
  today: nairaString.describe('naira, since midnight in Lagos'),
  previousDay: nairaString.describe('naira, the whole previous day'),
  changePercent: z
    .number()
    .nullable()
    .describe('today against the previous day; null when the previous day had none'),
});
export const countFiguresSchema = z.object({
  total: z.number(),
  today: z.number(),
  previousDay: z.number(),
  changePercent: z.number().nullable(),
});
export const transactionAmountsSchema = z.object({
  numberOfMainUsers: z.array(z.object({ amount: nairaString })),
  numberOfWelcomeBack: z.array(z.object({ amount: nairaString })),
  main: moneyFiguresSchema,
  welcomeBack: moneyFiguresSchema,
  refundsDue: z
    .object({
      main: z.object({ count: z.number(), amount: nairaString }),
      welcomeBack: z.object({ count: z.number(), amount: nairaString }),
    })
    .describe('payments taken that placed nothing: owed back, not counted in the fees above'),
  timeZone: z.string(),
});
export const userCountsSchema = z.object({
  numberOfMainUsers: z.number(),
  numberOfWelcomeBack: z.number(),
  main: countFiguresSchema,
  welcomeBack: countFiguresSchema,
  timeZone: z.string(),
});
export const latestTransactionSchema = z.object({
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  programme,
  amount: nairaString,
  status: z.enum(['pending', 'paid', 'failed', 'abandoned']),
  date: z.string(),
});
/** GET /admin/transactions/latest?limit= */
export const latestTransactionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const latestTransactionsSchema = z.object({ items: z.array(latestTransactionSchema) });

// Users (GET /admin/mainuser, /admin/welcomebackuser and one user by email).
export const userListItemSchema = z.object({
  id: z.string().describe('the account, for its member record'),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  referralCode: z.string(),
  role: z.enum(['user', 'admin']),
  accountStatus: z.string(),
  emailConfirmed: z.boolean(),
  paid: z.boolean(),
  stage: z.number().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
const administratorsField = {
  administrators: z.number().describe('how many of the total are administrators (listed, but not members)'),
};
export const mainUserListSchema = z.object({
  ...pageFields,
  ...administratorsField,
  mainUsers: z.array(userListItemSchema),
});
export const welcomeBackUserListSchema = z.object({
  ...pageFields,
  ...administratorsField,
  welcomeBackUsers: z.array(userListItemSchema),
});

const userFigures = {
  accountId: z.string().describe('the account, for its member record'),
  fullName: z.string(),
  email: z.string(),
  referralCode: z.string(),
  address: z.string(),
  phone: z.string(),
  status: z.string(),
  stage: z.number(),
  paid: z.boolean(),
  wallet: nairaString,
  graduatingBonus: nairaString,
  referralCount: z.number(),
  referralNode: z.number(),
  transaction_counts: z.number(),
};
/** The spec's 3.3 "Main user as seen by an admin", plus level, wallet and whether the fee is paid. */
export const adminMainUserSchema = z.object({
  ...userFigures,
  car_award: nairaString,
  earnedBonus: nairaString,
  housing_award: nairaString,
  laptop_award_or_equivalent: nairaString,
  mbbpil_social_club: nairaString,
  suv_award: nairaString,
});
/** The spec's 3.3 Welcome Back fields. */
export const adminWelcomeBackUserSchema = z.object({
  ...userFigures,
  Award: nairaString,
  laptopAward: nairaString,
  matrixBonus: nairaString,
  thankYouBonus: nairaString,
});

/** GET /admin/users/main/:email and /admin/users/welcomeback/:email */
export const adminMainUserAnswerSchema = z.object({ data: adminMainUserSchema });
export const adminWelcomeBackUserAnswerSchema = z.object({ data: adminWelcomeBackUserSchema });

/** GET /admin/users/main and /admin/users/welcomeback */
export const userListQuery = z.object({
  search: textField().max(100).optional(),
  ...plainPageQuerySchema.shape,
});

export const userEmailParams = z.object({ email: textField().toLowerCase().min(3).max(254) });

// Cash payouts recorded by an administrator (POST /admin/{main,welcomeback}cashout).
export const cashOutAnswerSchema = z.object({
  message: z.string(),
  data: z.object({
    id: z.number(),
    programme,
    email: z.string(),
    fullName: z.string(),
    amount: nairaString,
    recordedBy: adminNameSchema.describe('the administrator who recorded it'),
    createdAt: z.string(),
  }),
});

// Monthly payouts (GET /admin/payouts/preview, /admin/payouts/runs...).
export const payoutStatusSchema = z
  .enum(['reserved', 'processing', 'otp', 'success', 'failed', 'reversed', 'released'])
  .describe("otp: Paystack waits for the one-time code sent to the business's phone");
export const payoutRunStatusSchema = z
  .enum(['running', 'needs_attention', 'completed'])
  .describe(
    'completed only when every payout is paid (or released); needs_attention as soon as one needs a person (failed, reversed, waiting for its code, an unknown status), even while others are pending',
  );
const payee = {
  accountId: z.string(),
  fullName: z.string(),
  email: z.string(),
  bankName: z.string().nullable(),
  accountNumberLast4: z.string().nullable(),
};
export const payoutRunSummarySchema = z.object({
  id: z.number(),
  programme,
  period: z.string(),
  mode: z.enum(['transfer', 'csv']),
  status: payoutRunStatusSchema,
  createdBy: adminNameSchema
    .nullable()
    .describe('the administrator who ran it; null: the payout schedule did'),
  approvedBy: adminNameSchema
    .nullable()
    .describe('the second administrator who approved the run, when one did'),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  payoutCount: z.number(),
  total: nairaString.describe('naira reserved for the run'),
  paid: nairaString.describe('naira settled as paid'),
  counts: z.partialRecord(payoutStatusSchema, z.number()),
});
export const payoutPreviewSchema = z.object({
  programme,
  period: z.string(),
  minimum: nairaString,
  mode: z.enum(['transfer', 'csv']).describe('what a run would do by default'),
  existingRun: payoutRunSummarySchema.nullable(),
  payees: z.array(z.object({ ...payee, amount: nairaString })),
  skipped: z.array(z.object({ ...payee, balance: nairaString, reason: z.string(), reasonText: z.string() })),
  totals: z.object({
    payees: z.number(),
    amount: nairaString,
    skipped: z.number(),
    skippedAmount: nairaString,
  }),
  otpWarning: z
    .string()
    .nullable()
    .describe("set when the programme's last transfer run needed Paystack's one-time code"),
});
export const payoutPreparedSchema = z.object({
  items: z
    .array(
      z.object({
        programme,
        period: z.string(),
        payees: z.number(),
        total: nairaString,
        preparedAt: z.string(),
      }),
    )
    .describe('months the payout day prepared that wait for an administrator to run them'),
});
export const payoutRunProgressSchema = z.object({
  run: payoutRunSummarySchema,
  reserved: z.number(),
  skipped: z.record(z.string(), z.number()),
  leftOut: z
    .array(z.object({ fullName: z.string(), reason: z.string() }))
    .optional()
    .describe('payees of the approved preview not paid because they changed since'),
});
/** One transfer the provider was asked to make (a line of the bank statement). */
export const transferAttemptSchema = z.object({
  attempt: z.number(),
  reference: z.string().describe('the transfer reference (a bank-file run: the reference in the bank file)'),
  amount: nairaString,
  status: z.string(),
  failureReason: z.string().nullable().describe("the provider's words"),
  bankName: z.string(),
  accountNumberLast4: z.string(),
  at: z.string().describe('when its outcome was recorded'),
});
/** One bank file of a bank-file run (decision 0039). */
export const payoutBatchSchema = z.object({
  id: z.number(),
  status: z
    .enum(['open', 'awaiting_approval', 'recorded', 'reversed'])
    .describe(
      "open: sent to the bank, its answer not recorded; awaiting_approval: its record waits for a second administrator; reversed: every payment's record was corrected",
    ),
  paymentCount: z.number().describe('control total: how many payments the file holds'),
  total: nairaString.describe('control total: the naira the file pays'),
  paid: nairaString.describe('naira recorded as paid by the bank'),
  createdBy: adminNameSchema,
  createdAt: z.string(),
  recordedBy: adminNameSchema.nullable(),
  recordedApprovedBy: adminNameSchema.nullable(),
  recordedAt: z.string().nullable(),
  pendingRecordApprovalId: z.number().nullable(),
  pendingReversalApprovalId: z.number().nullable(),
  items: z.array(
    z.object({
      payoutId: z.number(),
      fullName: z.string(),
      bankName: z.string(),
      accountNumberLast4: z.string(),
      attempt: z.number(),
      reference: z.string(),
      amount: nairaString,
      outcome: z.enum(['paid', 'failed']).nullable(),
      bankReason: z.string().nullable().describe("the bank's reason for a payment it did not make"),
      reversedFrom: z
        .enum(['paid', 'failed'])
        .nullable()
        .describe('what was recorded first, when an approved reversal corrected it'),
      reversalReason: z.string().nullable(),
      reversedBy: adminNameSchema.nullable(),
      reversalApprovedBy: adminNameSchema.nullable(),
      reversedAt: z.string().nullable(),
    }),
  ),
});
export const payoutRunDetailSchema = payoutRunSummarySchema.extend({
  payouts: z.array(
    z.object({
      id: z.number(),
      accountId: z.string(),
      fullName: z.string(),
      email: z.string(),
      amount: nairaString,
      status: payoutStatusSchema,
      reference: z.string(),
      bankName: z.string(),
      accountNumberLast4: z.string(),
      failureReason: z.string().nullable(),
      releasedReason: z.string().nullable(),
      providerStatus: z
        .string()
        .nullable()
        .describe(
          "Paystack's last word on the transfer (pending, otp, received, success, failed, reversed, abandoned, blocked, rejected, or one it never documented)",
        ),
      statusText: z.string().describe('what the status means, in plain words'),
      attempt: z
        .number()
        .describe('1 for the first transfer; more once a failed payout was paid again in the run'),
      attention: z
        .object({ reason: z.string(), action: z.string(), retryable: z.boolean(), needsCode: z.boolean() })
        .nullable()
        .describe(
          'for a payout that needs a person: what Paystack or the bank said and what to do; needsCode: give the one-time code',
        ),
      updatedAt: z.string(),
      earlierAttempts: z
        .array(transferAttemptSchema)
        .describe(
          'transfers of this payout that failed or were reversed before it was paid again, oldest first: each is a line of the bank statement',
        ),
    }),
  ),
  batches: z
    .array(payoutBatchSchema)
    .describe("a bank-file run's files, newest first (empty for a transfer run)"),
});

// Messages, grants, awards and the audit log.
export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  state: z.enum(['open', 'answered', 'closed']),
  answeredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  ageDays: z.number().describe('whole days waiting (until answered or closed)'),
  daysLeft: z
    .number()
    .nullable()
    .describe('days left of the 14-day promise while open; negative once broken'),
  highlighted: z.boolean().describe('open and older than 10 days'),
  overdue: z.boolean(),
  replies: z.array(
    z.object({ id: z.number(), body: z.string(), sentBy: z.string().nullable(), createdAt: z.string() }),
  ),
});
export const contactMessageListSchema = z.object({ ...pageFields, items: z.array(contactMessageSchema) });

export const adminGrantSchema = grantSchema.extend({ fullName: z.string(), email: z.string() });

export const adminAwardSchema = z.object({
  id: z.number(),
  programme,
  fullName: z.string(),
  email: z.string(),
  kind: z.string(),
  label: z.string().describe("the plan's name of the award"),
  stage: z.number(),
  installment: z.number().describe('1, or the year of a yearly award such as the Golden Crown annual award'),
  value: nairaString,
  description: z.string(),
  status: z.enum(['pending', 'delivered']),
  dueAt: z
    .string()
    .describe('when the installment falls due: when earned, or a yearly installment on its anniversary'),
  dueStatus: z.enum(['upcoming', 'due', 'delivered']),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export const awardListSchema = z.object({ ...pageFields, items: z.array(adminAwardSchema) });

/** GET /admin/awards */
export const awardListQuery = z.object({
  status: z.enum(['pending', 'delivered'], { message: 'status must be pending or delivered' }).optional(),
  programme: programmeField.optional(),
  ...plainPageQuerySchema.shape,
});

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  actorAccountId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actor: adminNameSchema.nullable().describe('who did it, by name and email (null: the platform itself)'),
  targetAccountId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  address: z
    .string()
    .nullable()
    .describe(
      'the address the act came from, for the entries that keep one (sign-ins, wrong passwords, lock-outs)',
    ),
  createdAt: z.string(),
});
export const auditLogSchema = z.object({
  ...pageFields,
  items: z.array(auditEntrySchema),
  actions: z.array(z.string()).describe('every action the log holds, for the filter'),
});

export type MoneyFigures = z.infer<typeof moneyFiguresSchema>;
export type CountFigures = z.infer<typeof countFiguresSchema>;
export type TransactionAmounts = z.infer<typeof transactionAmountsSchema>;
export type UserCounts = z.infer<typeof userCountsSchema>;
export type LatestTransaction = z.infer<typeof latestTransactionSchema>;
export type UserListItem = z.infer<typeof userListItemSchema>;
export type MainUserFigures = z.infer<typeof adminMainUserSchema>;
export type WelcomeBackUserFigures = z.infer<typeof adminWelcomeBackUserSchema>;
export type CashOutAnswer = z.infer<typeof cashOutAnswerSchema>;
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;
export type PayoutRunSummary = z.infer<typeof payoutRunSummarySchema>;
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;
export type PayoutRunProgress = z.infer<typeof payoutRunProgressSchema>;
export type PayoutRunDetail = z.infer<typeof payoutRunDetailSchema>;
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;
export type PayoutPrepared = z.infer<typeof payoutPreparedSchema>;
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type AdminGrant = z.infer<typeof adminGrantSchema>;
export type GrantStatus = AdminGrant['status'];
export type AdminAward = z.infer<typeof adminAwardSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /admin/payouts/runs */
export const payoutRunPageSchema = pageOf(payoutRunSummarySchema);

/** POST /admin/payouts/runs/:id/retry: the progress, and the approval a held payout waits for. */
export const payoutRetryAnswerSchema = payoutRunProgressSchema.extend({
  approval: approvalSchema.optional(),
  message: z.string().optional(),
});

/** POST /admin/payouts/:id/finalize: the transfer's status after Paystack's answer. */
export const payoutFinalizedSchema = z.object({ message: z.string(), status: z.string() });
export type PayoutFinalized = z.infer<typeof payoutFinalizedSchema>;

/** POST /admin/payouts/batches/:id/record */
export const bankFileRecordedSchema = z.object({
  settled: z.number(),
  failed: z.number(),
  batch: payoutBatchSchema,
  run: payoutRunSummarySchema,
});

/** POST /admin/payouts/batches/:id/reversal */
export const bankFileReversedSchema = z.object({ corrected: z.number(), message: z.string() });
