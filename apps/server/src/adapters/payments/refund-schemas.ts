import { z } from 'zod';

/**
 * Paystack's refund answers, only the fields the platform reads (paystack.com/docs/api/refund; the full contract is
 * in apps/server/test/contract/paystack-refund-contract.ts). POST /refund answers the payment as an object; GET
 * /refund/:id answers its id and the reference apart.
 */
const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ status: z.literal(true), message: z.string(), data });

// When Paystack expects the money back with the customer: in POST /refund's answer (RefundCreateResponse) and in its
// documented fetch and retry samples, though not in RefundFetchResponse's schema; read when given.
const expectedAt = z.iso.datetime({ offset: true }).nullish().catch(null);

export const createRefundAnswer = envelope(
  z.object({
    id: z.number().int(),
    status: z.string(),
    amount: z.number().int(),
    transaction: z.object({ reference: z.string() }).nullish(),
    expected_at: expectedAt,
  }),
);

export const fetchRefundAnswer = envelope(
  z.object({
    id: z.number().int(),
    status: z.string(),
    amount: z.number().int(),
    transaction_reference: z.string().nullish(),
    expected_at: expectedAt,
  }),
);

/** GET /refund's answer (RefundListResponse): the refunds of a page and how many pages there are. */
export const listRefundsAnswer = envelope(
  z.array(
    z.object({
      id: z.number().int(),
      status: z.string(),
      amount: z.number().int(),
      transaction_reference: z.string().nullish(),
      expected_at: expectedAt,
    }),
  ),
).extend({ meta: z.object({ pageCount: z.number().int().nonnegative() }) });

/**
 * A refund.* event's data (paystack.com/docs/payments/refunds, "Listen for notifications"): it names the payment's
 * reference, not the refund's id; Paystack's own samples give amount as a string ("10000") and as a number.
 */
export const refundEventData = z.object({
  status: z.string(),
  transaction_reference: z.string(),
  refund_reference: z.string().nullish(),
  amount: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  currency: z.string(),
});
