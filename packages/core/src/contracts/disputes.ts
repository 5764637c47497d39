import { z } from 'zod';
import { PROGRAMMES } from '../plan/types';
import { pageQuerySchema } from './auth';
import { requiredText } from './fields';
import { refundStatusSchema } from './refunds';
import { adminNameSchema } from './responses';

/** POST /api/admin/disputes/:id/answer: the operator accepts the customer's claim or contests it, with a note Paystack reads. */
export const disputeAnswerSchema = z.strictObject({
  answer: z.enum(['accept', 'contest'], { message: 'Choose accept or contest' }),
  note: requiredText('Write a note for Paystack: why you accept or contest the claim', 1000, {
    multiLine: true,
  }),
});
export type DisputeAnswerInput = z.infer<typeof disputeAnswerSchema>;

export const disputeStates = ['open', 'resolved', 'all'] as const;

/** One dispute as the admin area shows it: Paystack's words and dates, the member, the payment, and our answer. */
export const disputeSchema = z.object({
  id: z.number(),
  paystackId: z.number().describe("Paystack's dispute id"),
  status: z
    .string()
    .describe(
      "Paystack's status: awaiting-merchant-feedback, awaiting-bank-feedback, pending, resolved, ...",
    ),
  statusText: z.string(),
  open: z.boolean().describe("the member's payouts and cash-outs wait while it is open"),
  category: z.string().nullable(),
  resolution: z.string().nullable(),
  amount: z.string().describe('the amount in dispute, in naira'),
  dueAt: z.string().nullable().describe("Paystack's deadline for our answer"),
  resolvedAt: z.string().nullable(),
  raisedAt: z.string(),
  lastEvent: z.string(),
  member: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    programme: z.enum(PROGRAMMES),
  }),
  payment: z.object({ reference: z.string(), amount: z.string(), paidAt: z.string().nullable() }),
  refunds: z
    .array(
      z.object({
        id: z.number(),
        amount: z.string().describe('in naira'),
        status: refundStatusSchema,
        providerRefundId: z.number().nullable().describe("Paystack's refund id, once Paystack has it"),
        createdAt: z.string(),
        endedAt: z.string().nullable(),
      }),
    )
    .describe(
      "the payment's refunds, oldest first: what went back to the customer before or beside the dispute",
    ),
  refundedInFull: z
    .boolean()
    .describe(
      'refunds (processed or under way) cover the whole payment: accepting is refused, contest it with the refund as evidence',
    ),
  answer: z
    .object({
      answer: z.enum(['accept', 'contest']),
      note: z.string(),
      by: adminNameSchema.nullable().describe('the administrator who answered'),
      at: z.string(),
      sent: z.boolean(),
    })
    .nullable()
    .describe('what an administrator answered through Paystack (sent false while the call is under way)'),
  approvedBy: adminNameSchema
    .nullable()
    .describe('the second administrator who approved an acceptance (money going out), decision 0057'),
  acceptRequest: z
    .object({ id: z.number().describe('the approval request'), askedAt: z.string() })
    .nullable()
    .describe('an acceptance asked by one administrator, waiting for a second to approve it (decision 0057)'),
  lost: z
    .object({
      at: z.string().describe('when the money taken back entered the books'),
      amount: z.string().describe('what the bank took back, in naira'),
      paidOutBefore: z
        .string()
        .describe("paid out of the member's wallet before: owed by the member, not recovered automatically"),
      memberHeld: z
        .boolean()
        .describe(
          "the payment had placed a position: the member's account is held for review (decision 0057)",
        ),
    })
    .nullable()
    .describe('the dispute was lost (accepted, or resolved for the customer): the chargeback in the books'),
  dashboardUrl: z
    .string()
    .describe("where the dispute is seen at Paystack (the sandbox's records page in test mode)"),
});
export const disputeListSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  items: z.array(disputeSchema),
});
export type Dispute = z.infer<typeof disputeSchema>;
export type DisputeList = z.infer<typeof disputeListSchema>;

/** GET /admin/disputes: open ones first, or resolved ones; optionally one member's. */
export const disputeListQuerySchema = pageQuerySchema.extend({
  state: z.enum(disputeStates).default('open'),
  accountId: z.uuid('No such account.').optional(),
});

/** POST /admin/disputes/:id/answer */
export const disputeAnsweredSchema = z.object({ message: z.string(), dispute: disputeSchema });
export type DisputeAnswered = z.infer<typeof disputeAnsweredSchema>;
