/**
 * Paystack's Settlements API as the platform uses it (paystack.com/docs/api/settlement; PaystackOSS/openapi
 * dist/paystack.yaml, /settlement and /settlement/{id}/transactions). Paystack pays what it holds for us to the
 * company's bank in settlements: the charges of a period less its fees and what it deducted (refunds, chargebacks).
 * Amounts are integer kobo.
 */
export interface ProviderSettlement {
  /** Paystack's settlement id, for GET /settlement/:id/transactions. */
  id: number;
  /** Paystack's words: success, processing, pending, failed. */
  status: string;
  currency: string;
  /** What reaches the bank: total_processed - total_fees - deductions. */
  totalAmountKobo: number;
  effectiveAmountKobo: number;
  totalFeesKobo: number;
  /** The charges settled, as Paystack charged them (fees the customer paid included). */
  totalProcessedKobo: number;
  /** Refunds and chargebacks taken from the settlement; Paystack's null is 0. */
  deductionsKobo: number;
  settlementDate: string;
  createdAt: string;
  updatedAt: string;
}

/** One charge of a settlement, as GET /settlement/:id/transactions gives it. */
export interface ProviderSettlementTransaction {
  id: number;
  /** The payment's reference (ours). */
  reference: string;
  status: string;
  /** What Paystack charged the customer. */
  amountKobo: number;
  requestedAmountKobo: number | null;
  feesKobo: number | null;
  currency: string;
  paidAt: string | null;
}

export interface SettlementCalls {
  /**
   * GET /settlement?from=&to=&page=&perPage=: one page of the settlements Paystack made between two moments, and how
   * many pages there are.
   */
  listSettlements(query: {
    from: Date;
    to: Date;
    page: number;
    perPage: number;
  }): Promise<{ settlements: ProviderSettlement[]; pageCount: number }>;
  /** GET /settlement/:id/transactions: one page of the charges a settlement holds. */
  settlementTransactions(
    id: number,
    query: { page: number; perPage: number },
  ): Promise<{ transactions: ProviderSettlementTransaction[]; pageCount: number }>;
}
