import { z } from 'zod';
import { REFUND_ENDPOINTS, REFUND_EVENTS } from './paystack-refund-contract';
import { SETTLEMENT_ENDPOINTS } from './paystack-settlement-contract';

/**
 * Paystack's contract for every endpoint and event the platform uses, written from Paystack's published API
 * description (PaystackOSS/openapi, dist/paystack.yaml: OpenAPI 3.0.1) and checked against its documented bodies
 * (copied in ./documented/ from paystack.com/docs). A field is required here
 * when the description requires it and Paystack's own documented body has it; where the two disagree (the
 * description requires bank `supports_transfer` and recipient `isDeleted`, which the documented samples lack) the
 * documentation pages win, as the reference's README says. Types are the description's; null where a documented
 * body shows null. Extra fields are allowed, as Paystack adds fields without notice.
 * The description's request bodies: TransactionInitialize, TransferRecipientCreate, TransferInitiate, TransferBulk,
 * TransferFinalize, TransferResendOTP, DisputeEvidence, DisputeResolve; its answers: TransactionInitializeResponse,
 * VerifyResponse, MiscellaneousListBanksSuccess, VerificationResolveAccountNumberSuccess, TransferRecipientCreateResponse,
 * TransferCreateResponse, TransferBulkResponse, TransferVerifyResponse, TransferResendsOtpResponse,
 * DisputeUploadURLResponse, DisputeAddEvidenceResponse, DisputeResolveResponse, Error.
 *
 * paystack-contract.test.ts checks every request the platform's client sends and every answer and event the
 * sandbox gives against these, so the sandbox cannot drift from Paystack.
 */

const int = z.number().int();
const str = z.string();
const nullable = <T extends z.ZodTypeAny>(schema: T) => schema.nullable();
const ok = <T extends z.ZodTypeAny>(data: T) => z.object({ status: z.literal(true), message: str, data });

/** Every error (OAS `Error`, docs/api/#errors): status false and a message; meta, type and code optional. */
export const errorAnswer = z.object({
  status: z.literal(false),
  message: str,
  meta: z.object({ nextStep: str.optional() }).optional(),
  type: str.optional(),
  code: str.optional(),
});

// Requests (OAS components/schemas).
const transactionInitialize = z.object({
  email: str,
  // The description types amount as an integer; the doc samples send a numeric string.
  amount: z.union([int, str.regex(/^\d+$/)]),
  currency: str.optional(),
  reference: str.optional(),
  callback_url: str.optional(),
  metadata: z.unknown().optional(),
});
const transferRecipientCreate = z.object({
  type: str,
  name: str,
  account_number: str,
  bank_code: str,
  currency: str.optional(),
});
const transferItem = z.object({ amount: int, recipient: str, reference: str, reason: str.optional() });
const transferInitiate = transferItem.extend({ source: str, currency: str.optional() });
const transferBulk = z.object({ source: str, currency: str.optional(), transfers: z.array(transferItem) });
const transferFinalize = z.object({ transfer_code: str, otp: str });
const transferResendOtp = z.object({
  transfer_code: str,
  reason: z.enum(['disable_otp', 'resend_otp', 'transfer']),
});
const disputeEvidence = z.object({
  customer_email: str,
  customer_name: str,
  customer_phone: str,
  service_details: str,
  delivery_address: str.optional(),
  delivery_date: str.optional(),
});
// resolution: "Accepted values, merchant-accepted, declined" (the description's words).
const disputeResolve = z.object({
  resolution: z.enum(['merchant-accepted', 'declined']),
  message: str,
  refund_amount: int,
  uploaded_filename: str,
  evidence: int.optional(),
});

// Answers.
// The description requires none of the authorization's fields (and the charge.success sample lacks channel,
// reusable and signature): each is typed, none required.
const authorization = z
  .object({
    authorization_code: str,
    bin: nullable(str),
    last4: str,
    exp_month: str,
    exp_year: str,
    channel: str,
    card_type: str,
    bank: nullable(str),
    country_code: str,
    brand: str,
    reusable: z.boolean(),
    signature: nullable(str),
  })
  .partial();
const customer = z.object({
  id: int,
  first_name: nullable(str),
  last_name: nullable(str),
  email: str,
  customer_code: str,
  phone: nullable(str),
  metadata: z.unknown(),
  risk_action: str,
});
/** Verify's data (OAS VerifyResponse): requested_amount and fees are how a customer-paid fee shows. */
export const transactionData = z.object({
  id: int,
  domain: z.enum(['test', 'live']),
  status: str,
  reference: str,
  receipt_number: nullable(str),
  amount: int,
  message: nullable(str),
  gateway_response: str,
  paid_at: nullable(str),
  created_at: str,
  channel: str,
  currency: str,
  ip_address: nullable(str),
  metadata: z.unknown(),
  log: z.unknown(),
  fees: nullable(int),
  fees_split: z.unknown(),
  authorization,
  customer,
  plan: z.unknown(),
  split: z.unknown(),
  order_id: z.unknown(),
  paidAt: nullable(str),
  createdAt: str,
  requested_amount: int,
  pos_transaction_data: z.unknown(),
  source: z.unknown(),
  fees_breakdown: z.unknown(),
  connect: z.unknown(),
  transaction_date: str,
  plan_object: z.unknown(),
  subaccount: z.unknown(),
});
const bank = z.object({
  name: str,
  slug: str,
  code: str,
  longcode: str,
  gateway: nullable(str),
  pay_with_bank: z.boolean(),
  active: z.boolean(),
  is_deleted: z.boolean(),
  country: str,
  currency: str,
  type: str,
  id: int,
  createdAt: str,
  updatedAt: str,
});
const recipientDetails = z.object({
  authorization_code: nullable(str),
  account_number: str,
  account_name: nullable(str),
  bank_code: str,
  bank_name: str,
});
const recipient = z.object({
  active: z.boolean(),
  currency: str,
  domain: str,
  id: int,
  integration: int,
  name: str,
  recipient_code: str,
  type: str,
  is_deleted: z.boolean(),
  details: recipientDetails,
});
const transferCommon = {
  amount: int,
  currency: str,
  domain: str,
  reference: str,
  source: str,
  source_details: z.unknown(),
  reason: nullable(str),
  status: str,
  failures: z.unknown(),
  transfer_code: str,
  titan_code: z.unknown(),
  transferred_at: nullable(str),
  id: int,
};
/**
 * POST /transfer and /transfer/finalize_transfer (OAS TransferCreateResponse). The documented OTP answer
 * (documented/otp.json, docs/transfers/single-transfers) lacks source_details, failures, titan_code and
 * transferred_at, so they are optional here; the documentation wins.
 */
const transferCreated = z.object({
  ...transferCommon,
  source_details: z.unknown().optional(),
  failures: z.unknown().optional(),
  titan_code: z.unknown().optional(),
  transferred_at: nullable(str).optional(),
  integration: int,
  recipient: int,
  createdAt: str,
  updatedAt: str,
});
const transferVerified = z.object({
  ...transferCommon,
  integration: int,
  createdAt: str,
  updatedAt: str,
  recipient: recipient.extend({
    createdAt: str,
    updatedAt: str,
    description: nullable(str),
    email: nullable(str),
  }),
  session: z.object({ provider: nullable(str), id: nullable(str) }),
  gateway_response: nullable(str),
});

// Disputes (OAS DisputeAddEvidenceResponse, DisputeResolveResponse, DisputeFetchResponse).
const disputeEvidenceData = z.object({
  customer_email: str,
  customer_name: str,
  customer_phone: str,
  service_details: str,
  delivery_address: str,
  // Absent from the documented Add Evidence sample (paystack.com/docs/api/dispute): the page wins.
  delivery_date: str.optional(),
  dispute: int,
  id: int,
  createdAt: str,
  updatedAt: str,
});
// Where the documented Resolve Dispute sample (paystack.com/docs/api/dispute, ./documented/api_disputes_resolve_response.json)
// differs from the description the page wins: last4, bin, merchant_transaction_reference and evidence null, the
// transaction as an object, no integration.
const disputeResolved = z.object({
  currency: str,
  last4: nullable(str),
  bin: nullable(str),
  transaction_reference: nullable(str),
  merchant_transaction_reference: nullable(str),
  refund_amount: int,
  status: str,
  domain: str,
  resolution: str,
  category: str,
  note: nullable(str),
  attachments: str,
  id: int,
  integration: int.optional(),
  transaction: z.union([int, z.object({ id: int, reference: str })]),
  created_by: int,
  evidence: nullable(int),
  resolvedAt: str,
  createdAt: str,
  updatedAt: str,
  dueAt: nullable(str),
  message: z.object({ dispute: int, sender: str, body: str, id: int, createdAt: str, updatedAt: str }),
});
/**
 * The dispute object of GET /dispute/:id, which Paystack's charge.dispute.* events carry as their data
 * (paystack.com/docs/payments/webhooks). The reference holds no documented event sample for disputes, so the
 * description's DisputeFetchResponse is the whole contract here, its transaction's required fields included.
 */
const disputeObject = z.object({
  id: int,
  refund_amount: int,
  currency: str,
  status: str,
  resolution: nullable(str),
  domain: str,
  transaction: z.object({
    id: int,
    domain: str,
    status: str,
    reference: str,
    amount: int,
    message: nullable(str),
    gateway_response: str,
    paid_at: str,
    created_at: str,
    channel: str,
    currency: str,
    ip_address: str,
    metadata: z.object({ custom_fields: z.array(z.unknown()) }),
    log: nullable(z.record(z.string(), z.unknown())),
    fees: int,
    fees_split: nullable(int),
    authorization: z.object({ receiver_bank_account_number: z.unknown(), receiver_bank: z.unknown() }),
    customer: z.object({ international_format_phone: z.unknown() }),
    plan: z.record(z.string(), z.unknown()),
    subaccount: z.record(z.string(), z.unknown()),
    split: z.record(z.string(), z.unknown()),
    order_id: z.unknown(),
    paidAt: str,
    createdAt: str,
    requested_amount: int,
    pos_transaction_data: z.unknown(),
    source: z.unknown(),
    fees_breakdown: z.unknown(),
    connect: z.unknown(),
  }),
  transaction_reference: nullable(str),
  category: str,
  customer: z.object({
    id: int,
    first_name: str,
    last_name: str,
    email: str,
    customer_code: str,
    phone: str,
    metadata: z.record(z.string(), z.unknown()),
    risk_action: str,
    international_format_phone: str,
  }),
  bin: str,
  last4: str,
  dueAt: nullable(str),
  resolvedAt: nullable(str),
  evidence: nullable(int),
  attachments: nullable(str),
  note: nullable(str),
  history: z.array(z.object({ status: str, by: str, createdAt: str })),
  messages: z.array(z.object({ sender: str, body: str, createdAt: str })),
  createdAt: str,
  updatedAt: str,
});

/** The endpoints the platform calls: method, path pattern, request body (POST), query (a list's) and 2xx answer. */
export const ENDPOINTS: {
  method: 'GET' | 'POST' | 'PUT';
  path: RegExp;
  name: string;
  request?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  answer: z.ZodTypeAny;
}[] = [
  {
    method: 'POST',
    path: /^\/transaction\/initialize$/,
    name: 'initialize',
    request: transactionInitialize,
    answer: ok(z.object({ authorization_url: str, access_code: str, reference: str })),
  },
  { method: 'GET', path: /^\/transaction\/verify\/[^/]+$/, name: 'verify', answer: ok(transactionData) },
  {
    method: 'GET',
    path: /^\/bank$/,
    name: 'bank list',
    answer: ok(z.array(bank)).extend({
      meta: z.object({ next: nullable(str), previous: nullable(str), perPage: int }),
    }),
  },
  {
    method: 'GET',
    path: /^\/bank\/resolve$/,
    name: 'resolve',
    answer: ok(z.object({ account_number: str, account_name: str, bank_id: int })),
  },
  {
    method: 'POST',
    path: /^\/transferrecipient$/,
    name: 'recipient',
    request: transferRecipientCreate,
    answer: ok(recipient.extend({ createdAt: str, updatedAt: str })),
  },
  {
    method: 'POST',
    path: /^\/transfer$/,
    name: 'transfer',
    request: transferInitiate,
    answer: ok(transferCreated),
  },
  {
    method: 'POST',
    path: /^\/transfer\/bulk$/,
    name: 'bulk transfer',
    request: transferBulk,
    answer: ok(
      z.array(
        z.object({
          reference: str,
          recipient: str,
          amount: int,
          transfer_code: str,
          currency: str,
          status: str,
        }),
      ),
    ),
  },
  {
    method: 'GET',
    path: /^\/transfer\/verify\/[^/]+$/,
    name: 'transfer verify',
    answer: ok(transferVerified),
  },
  {
    method: 'POST',
    path: /^\/transfer\/finalize_transfer$/,
    name: 'finalize',
    request: transferFinalize,
    answer: ok(transferCreated),
  },
  {
    method: 'POST',
    path: /^\/transfer\/resend_otp$/,
    name: 'resend otp',
    request: transferResendOtp,
    answer: z.object({ status: z.literal(true), message: str }),
  },
  {
    method: 'GET',
    path: /^\/dispute\/\d+\/upload_url$/,
    name: 'dispute upload url',
    answer: ok(z.object({ signedUrl: str, fileName: str })),
  },
  {
    method: 'POST',
    path: /^\/dispute\/\d+\/evidence$/,
    name: 'dispute evidence',
    request: disputeEvidence,
    answer: ok(disputeEvidenceData),
  },
  {
    method: 'PUT',
    path: /^\/dispute\/\d+\/resolve$/,
    name: 'dispute resolve',
    request: disputeResolve,
    answer: ok(disputeResolved),
  },
  // ControlPanelFetch/UpdatePaymentSessionTimeoutResponse; PUT's body is PaymentSession {timeout} (seconds).
  {
    method: 'GET',
    path: /^\/integration\/payment_session_timeout$/,
    name: 'payment session timeout',
    answer: ok(z.object({ payment_session_timeout: int })),
  },
  {
    method: 'PUT',
    path: /^\/integration\/payment_session_timeout$/,
    name: 'payment session timeout update',
    request: z.object({ timeout: int }),
    answer: ok(z.object({ payment_session_timeout: int })),
  },
  ...REFUND_ENDPOINTS,
  ...SETTLEMENT_ENDPOINTS,
];

// Events (docs/payments/webhooks; documented/doc_payments_webhooks_events_*.json).
const chargeSuccessData = transactionData.pick({
  id: true,
  domain: true,
  status: true,
  reference: true,
  amount: true,
  message: true,
  gateway_response: true,
  paid_at: true,
  created_at: true,
  channel: true,
  currency: true,
  ip_address: true,
  metadata: true,
  log: true,
  fees: true,
  customer: true,
  authorization: true,
  plan: true,
});
const transferEventData = z.object({
  ...transferCommon,
  integration: z.object({ id: int, is_live: z.boolean(), business_name: str }),
  recipient: recipient.extend({ description: nullable(str), email: nullable(str), metadata: z.unknown() }),
  session: z.object({ provider: nullable(str), id: nullable(str) }),
});
export const EVENTS: Record<string, z.ZodTypeAny> = {
  'charge.success': z.object({
    event: z.literal('charge.success'),
    data: chargeSuccessData.extend({ status: z.literal('success') }),
  }),
  'transfer.success': z.object({ event: z.literal('transfer.success'), data: transferEventData }),
  'transfer.failed': z.object({ event: z.literal('transfer.failed'), data: transferEventData }),
  'transfer.reversed': z.object({ event: z.literal('transfer.reversed'), data: transferEventData }),
  'charge.dispute.create': z.object({ event: z.literal('charge.dispute.create'), data: disputeObject }),
  'charge.dispute.remind': z.object({ event: z.literal('charge.dispute.remind'), data: disputeObject }),
  'charge.dispute.resolve': z.object({
    event: z.literal('charge.dispute.resolve'),
    data: disputeObject.extend({ status: z.literal('resolved'), resolution: str, resolvedAt: str }),
  }),
  ...REFUND_EVENTS,
};

export const endpointOf = (method: string, path: string) =>
  ENDPOINTS.find((e) => e.method === method && e.path.test(path));

/** The first problem of a value against a schema, as "path: message", or null when it conforms. */
export function contractProblem(schema: z.ZodTypeAny, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.join('.') || '(root)'}: ${issue.message}`;
}
