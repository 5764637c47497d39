import { z } from 'zod';

/**
 * Paystack's Refund API and refund events, in the same terms as paystack-contract.ts: written from its description
 * (RefundCreate, RefundCreateResponse, RefundFetchResponse of PaystackOSS/openapi dist/paystack.yaml) and checked
 * against its documented bodies (./documented/api_refund_create_response.json, doc_payments_refunds_events_*.json
 * from paystack.com/docs/payments/refunds). Where they differ the documentation wins: the description types the
 * create answer's `fully_deducted` as a boolean and the fetch answer's as an integer, and both are what the samples show.
 */
const int = z.number().int();
const str = z.string();
const ok = <T extends z.ZodTypeAny>(data: T) => z.object({ status: z.literal(true), message: str, data });

const refundCreate = z.object({
  transaction: str,
  // An integer in the description; the refunds guide's samples send a numeric string.
  amount: z.union([int, str.regex(/^\d+$/)]).optional(),
  currency: z.enum(['GHS', 'KES', 'NGN', 'USD', 'ZAR']).optional(),
  customer_note: str.optional(),
  merchant_note: str.optional(),
});

const refundCreated = z.object({
  transaction: z.object({
    id: int,
    domain: str,
    reference: str,
    amount: int,
    paid_at: str,
    channel: str,
    currency: str,
    authorization: z.object({ exp_month: z.unknown(), exp_year: z.unknown(), account_name: z.unknown() }),
    customer: z.object({ international_format_phone: str.nullable() }),
    plan: z.object({}),
    subaccount: z.object({ currency: z.unknown() }),
    split: z.object({}),
    order_id: z.unknown(),
    paidAt: str,
    pos_transaction_data: z.unknown(),
    source: z.unknown(),
    fees_breakdown: z.unknown(),
  }),
  integration: int,
  deducted_amount: int,
  channel: z.unknown(),
  merchant_note: str,
  customer_note: str,
  status: str,
  refunded_by: str,
  expected_at: str,
  currency: str,
  domain: str,
  amount: int,
  fully_deducted: z.boolean(),
  id: int,
  createdAt: str,
  updatedAt: str,
});

const refundFetched = z.object({
  integration: int,
  transaction: int,
  dispute: z.unknown(),
  settlement: z.unknown(),
  id: int,
  domain: str,
  currency: str,
  amount: int,
  status: str,
  refunded_at: z.unknown(),
  refunded_by: str,
  customer_note: str,
  merchant_note: str,
  deducted_amount: int,
  fully_deducted: int,
  createdAt: str,
  bank_reference: z.unknown(),
  transaction_reference: str,
  reason: str,
  customer: z.object({
    id: int,
    first_name: str,
    last_name: str,
    email: str,
    customer_code: str,
    phone: str,
    metadata: str,
    risk_action: str,
    international_format_phone: str,
  }),
  refund_type: str,
  transaction_amount: int,
  initiated_by: str,
  refund_channel: str,
  session_id: z.unknown(),
  collect_account_number: z.boolean(),
});

// GET /refund's query (refund_list): perPage and page integers, from and to date-times; sent as strings.
const refundListQuery = z.strictObject({
  perPage: str.regex(/^\d+$/).optional(),
  page: str.regex(/^\d+$/).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

// RefundListResponse: its items (RefundListResponseArray) are the fetch's fields, the customer's phone nullable.
const refundListed = z.object({
  status: z.literal(true),
  message: str,
  data: z.array(
    refundFetched.extend({ customer: refundFetched.shape.customer.extend({ phone: str.nullable() }) }),
  ),
  meta: z.object({
    total: int,
    skipped: int,
    perPage: str,
    page: int,
    pageCount: int,
    failedRefundCount: int,
  }),
});

export const REFUND_ENDPOINTS = [
  {
    method: 'POST' as const,
    path: /^\/refund$/,
    name: 'refund',
    request: refundCreate,
    answer: ok(refundCreated),
  },
  { method: 'GET' as const, path: /^\/refund\/[^/]+$/, name: 'refund fetch', answer: ok(refundFetched) },
  {
    method: 'GET' as const,
    path: /^\/refund$/,
    name: 'refund list',
    query: refundListQuery,
    answer: refundListed,
  },
];

// The refunds guide's events: the payment's reference, the refund's (null until Paystack has one), amount as a
// numeric string or an integer.
const refundEventData = (status: string) =>
  z.object({
    status: z.literal(status),
    transaction_reference: str,
    refund_reference: str.nullable(),
    amount: z.union([int, str.regex(/^\d+$/)]),
    currency: str,
    processor: str,
    customer: z.object({ first_name: str.nullable(), last_name: str.nullable(), email: str }),
    integration: int,
    domain: str,
  });

export const REFUND_EVENTS: Record<string, z.ZodTypeAny> = Object.fromEntries(
  ['pending', 'processing', 'processed', 'failed'].map((status) => [
    `refund.${status}`,
    z.object({ event: z.literal(`refund.${status}`), data: refundEventData(status) }),
  ]),
);
