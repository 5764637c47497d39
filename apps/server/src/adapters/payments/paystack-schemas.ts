import { z } from 'zod';

/**
 * Paystack's answers, parsed with zod: only the fields the platform reads. Built to Paystack's API description
 * (PaystackOSS/openapi dist/paystack.yaml) and its documented bodies (paystack.com/docs/api/transaction/#verify,
 * paystack.com/docs/api/transfer). The full contract is in apps/server/test/contract/paystack-contract.ts.
 */

const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ status: z.literal(true), message: z.string(), data });

/** Any failure: status false and a message. */
export const paystackFailure = z.object({
  status: z.literal(false).optional(),
  message: z.string().default(''),
});

export const initializeAnswer = envelope(
  z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
);

/** metadata arrives as an object, a JSON string, "" or 0: normalised to an object. */
const metadata = z.unknown().transform((value): Record<string, unknown> => {
  let v = value;
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      v = JSON.parse(v);
    } catch {
      return {};
    }
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
});

export const transactionData = z.object({
  reference: z.string(),
  status: z.string(),
  amount: z.number().int(),
  // Present when the customer paid the fees (amount = requested_amount + fees, docs/api/transaction#verify).
  requested_amount: z.number().int().nullish(),
  fees: z.number().int().nullish(),
  currency: z.string(),
  paid_at: z.string().nullish(),
  customer: z.object({ email: z.string().nullish() }).nullish(),
  metadata: metadata.optional(),
});
export const verifyAnswer = envelope(transactionData);

/** GET /integration/payment_session_timeout (ControlPanelFetchPaymentSessionTimeoutResponse): seconds, 0 none. */
export const sessionTimeoutAnswer = envelope(z.object({ payment_session_timeout: z.number().int().min(0) }));

export const bankListAnswer = envelope(
  z.array(
    z.object({
      name: z.string(),
      code: z.string(),
      active: z.boolean().default(true),
      is_deleted: z.boolean().nullish(),
    }),
  ),
).extend({ meta: z.object({ next: z.string().nullish() }).nullish() });

export const resolveAnswer = envelope(z.object({ account_number: z.string(), account_name: z.string() }));

export const recipientAnswer = envelope(z.object({ recipient_code: z.string() }));

export const transferData = z.object({
  reference: z.string(),
  status: z.string(),
  transfer_code: z.string().nullish(),
  amount: z.number().int(),
  gateway_response: z.string().nullish(),
});
export const transferAnswer = envelope(transferData);
export const bulkTransferAnswer = envelope(z.array(transferData));

/** POST /transfer/resend_otp: status true and a message (paystack.com/docs/api/transfer/#resend-otp). */
export const resendOtpAnswer = z.object({ status: z.literal(true), message: z.string() });

/** A webhook's envelope; `data` is parsed by whoever handles the event. */
export const webhookEnvelope = z.object({ event: z.string(), data: z.record(z.string(), z.unknown()) });

/**
 * A dispute as Paystack's charge.dispute.* events and its dispute API carry it (the dispute object of
 * DisputeFetchResponse in Paystack's API description; paystack.com/docs/payments/dispute-management). Only what the
 * platform reads; `transaction` is an object in the events and the fetch answer, its reference ours.
 */
export const disputeData = z.object({
  id: z.number().int(),
  status: z.string(),
  refund_amount: z.number().int().nullish(),
  currency: z.string().nullish(),
  category: z.string().nullish(),
  resolution: z.string().nullish(),
  dueAt: z.string().nullish(),
  resolvedAt: z.string().nullish(),
  transaction: z.object({ reference: z.string(), amount: z.number().int() }),
});

/** GET /dispute/:id/upload_url (DisputeUploadURLResponse): where to PUT a file, and the name to quote for it. */
export const disputeUploadUrlAnswer = envelope(z.object({ signedUrl: z.string(), fileName: z.string() }));
/** POST /dispute/:id/evidence (DisputeAddEvidenceResponse): the evidence's id. */
export const disputeEvidenceAnswer = envelope(z.object({ id: z.number().int() }));
/** PUT /dispute/:id/resolve (DisputeResolveResponse): the transaction is its id here, not an object. */
export const disputeResolveAnswer = envelope(
  z.object({
    id: z.number().int(),
    status: z.string(),
    resolution: z.string().nullish(),
    resolvedAt: z.string().nullish(),
  }),
);
