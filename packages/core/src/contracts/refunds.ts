import { z } from 'zod';
import { PROGRAMMES } from '../plan/types';
import { requiredText } from './fields';
import { nairaAmountField } from './member';
import { adminNameSchema, nairaString } from './responses';

/** POST /admin/payments/:reference/refunds: how much (naira; the whole rest when empty) and why. */
export const refundRequestSchema = z.strictObject({
  amount: z.union([z.literal(''), nairaAmountField]).optional(),
  reason: requiredText('Say why the payment is refunded', 500, { multiLine: true }),
});
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

export const refundStatusSchema = z.enum([
  'sending',
  'pending',
  'processing',
  'needs-attention',
  'processed',
  'failed',
]);

export const refundSchema = z.object({
  id: z.number(),
  amount: nairaString,
  status: refundStatusSchema,
  reason: z.string(),
  providerNote: z.string().nullable().describe("Paystack's last word on the refund"),
  requestedBy: adminNameSchema.nullable(),
  approvedBy: adminNameSchema.nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  providerRefundId: z
    .number()
    .nullable()
    .describe("Paystack's refund id (GET /refund/:id), once Paystack has accepted the refund"),
  waitingHours: z
    .number()
    .nullable()
    .describe("whole hours it has waited for Paystack's outcome; null once decided"),
  checkedAt: z.string().nullable().describe('when Paystack was last asked about it'),
  expectedAt: z.string().nullable().describe('when Paystack expects the money back with the payer'),
});

/** GET /admin/payments/:reference/refund: the payment, what may be refunded of it, and its refunds. */
export const refundOverviewSchema = z.object({
  payment: z.object({
    reference: z.string(),
    accountId: z.string(),
    fullName: z.string(),
    email: z.string(),
    programme: z.enum(PROGRAMMES),
    amount: nairaString,
    status: z.string(),
    paidAt: z.string().nullable(),
    placed: z.boolean().describe('the payment placed a position: refunding it is not offered'),
    note: z.string().nullable().describe('why no position was placed'),
  }),
  refundable: z.boolean(),
  /** Why it cannot be refunded now, in words for the screen (null when it can). */
  refusal: z.string().nullable(),
  left: nairaString.describe('what is left to refund'),
  refunded: nairaString.describe('refunded already (processed)'),
  waitingApproval: z.object({ id: z.number(), summary: z.string() }).nullable(),
  refunds: z.array(refundSchema),
});
export type RefundOverview = z.infer<typeof refundOverviewSchema>;
export type Refund = z.infer<typeof refundSchema>;

export const refundStartedSchema = z.object({ message: z.string(), refund: refundSchema });
export type RefundStarted = z.infer<typeof refundStartedSchema>;

/** POST /admin/refunds/:id/check: Paystack asked now about a refund that waits, and what it said. */
export const refundCheckedSchema = z.object({ message: z.string(), refund: refundSchema });
export type RefundChecked = z.infer<typeof refundCheckedSchema>;

/** `/:reference` of a payment to refund (the reference as stored: not trimmed). */
export const refundPaymentParams = z.object({ reference: z.string().min(1).max(100) });
/** `/:id` of a refund. */
export const refundParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** One Idempotency-Key per refund form: a double click refunds once. */
export const refundKeyHeaders = z.object({
  'idempotency-key': z.uuid({
    message: 'Send an Idempotency-Key header with a new UUID for each refund form',
  }),
});
