/**
 * Paystack's Refund API as the platform uses it (paystack.com/docs/api/refund; PaystackOSS/openapi
 * dist/paystack.yaml, /refund and /refund/{id}). Amounts are integer kobo.
 */
export interface ProviderRefund {
  /** Paystack's refund id, for GET /refund/:id. */
  id: number;
  /** The payment's reference (our transaction reference). */
  transactionReference: string | null;
  /** Paystack's words: pending, processing, processed, failed, needs-attention. */
  status: string;
  amountKobo: number;
  /** When Paystack expects the money back with the customer (ISO), when it says. */
  expectedAt: string | null;
}

export interface RefundCalls {
  /**
   * POST /refund. Paystack has no key of ours that would make a second call harmless, so the caller asks once
   * (refunds.idempotency_key); a refusal (a payment fully refunded already, an amount above what is left) is a value.
   */
  createRefund(input: {
    transactionReference: string;
    amountKobo: number;
    merchantNote: string;
    customerNote: string;
  }): Promise<ProviderRefund | { refused: string }>;
  /** GET /refund/:id: Paystack's word on a refund, asked before a refund event is believed. */
  fetchRefund(id: number): Promise<ProviderRefund | { found: false }>;
  /**
   * GET /refund?from=&to=&page=&perPage=: one page of the refunds Paystack created between two moments, newest
   * first, and how many pages there are; how a refund whose POST /refund answer was lost is found.
   */
  listRefunds(query: {
    from: Date;
    to: Date;
    page: number;
    perPage: number;
  }): Promise<{ refunds: ProviderRefund[]; pageCount: number }>;
}
