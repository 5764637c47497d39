import type { RefundCalls } from './refund-types';
import type { SettlementCalls } from './settlement-types';

/**
 * What the platform needs of a card-payment and transfer provider. Amounts are integer kobo. Expected
 * failures come back as values; only a provider that cannot be reached (after retries) throws PaymentProviderError.
 */
export interface PaymentProvider extends RefundCalls, SettlementCalls {
  readonly name: 'paystack' | 'sandbox';
  /** Which of Paystack's two worlds the secret key opens (sk_test_ / sk_live_): their recipients are not shared. */
  readonly keyMode: 'test' | 'live';
  initializeTransaction(input: {
    email: string;
    amountKobo: number;
    reference: string;
    callbackUrl: string;
    metadata?: Record<string, unknown>;
  }): Promise<{ authorizationUrl: string; accessCode: string; reference: string }>;
  /** The provider's word on a transaction; `status` is Paystack's (success, failed, abandoned, pending, ...). */
  verifyTransaction(reference: string): Promise<VerifiedTransaction | { found: false }>;
  /**
   * GET /integration/payment_session_timeout: seconds a checkout stays payable after it is started (0: no limit).
   * Until then Paystack answers `abandoned` for an unpaid checkout, and the customer can still pay it.
   */
  paymentSessionTimeoutSeconds(): Promise<number>;
  listBanks(): Promise<ProviderBank[]>;
  /** The account holder's name as the bank has it, or null when the number does not resolve. */
  resolveAccount(input: { accountNumber: string; bankCode: string }): Promise<{ accountName: string } | null>;
  createTransferRecipient(input: {
    name: string;
    accountNumber: string;
    bankCode: string;
  }): Promise<{ recipientCode: string }>;
  /** Reusing a reference must never pay twice: the provider answers with the existing transfer. */
  initiateTransfer(input: {
    amountKobo: number;
    recipientCode: string;
    reference: string;
    reason: string;
  }): Promise<TransferState>;
  initiateBulkTransfer(
    transfers: { amountKobo: number; recipientCode: string; reference: string; reason: string }[],
  ): Promise<TransferState[]>;
  verifyTransfer(reference: string): Promise<TransferState | { found: false }>;
  /** POST /transfer/finalize_transfer: the OTP Paystack sent to the business's phone; a wrong code is a value. */
  finalizeTransfer(input: {
    transferCode: string;
    otp: string;
  }): Promise<TransferState | { refused: string }>;
  /** POST /transfer/resend_otp (reason resend_otp): Paystack sends the code again. */
  resendTransferOtp(transferCode: string): Promise<{ sent: true } | { refused: string }>;
  /**
   * Answers a dispute (paystack.com/docs/api/dispute): a statement uploaded to GET /dispute/:id/upload_url's signed
   * URL, for a contest the evidence (POST /dispute/:id/evidence), then PUT /dispute/:id/resolve with
   * merchant-accepted (the refund is the disputed amount) or declined (nothing refunded). Paystack's refusal is a value.
   */
  answerDispute(
    input: DisputeAnswer,
  ): Promise<{ status: string; resolution: string | null; resolvedAt: string | null } | { refused: string }>;
  /** HMAC-SHA512 of the raw body with the secret key, compared in constant time. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

export interface VerifiedTransaction {
  found: true;
  reference: string;
  status: string;
  /** What Paystack charged the customer: the fee, plus Paystack's fees when the customer pays them. */
  amountKobo: number;
  /** What we asked for (Paystack's requested_amount); null when Paystack's answer has none. */
  requestedAmountKobo: number | null;
  /** Paystack's fees on this payment (null when not told). */
  feesKobo: number | null;
  currency: string;
  paidAt: string | null;
  customerEmail: string | null;
  metadata: Record<string, unknown>;
}

export interface DisputeAnswer {
  disputeId: number;
  resolution: 'merchant-accepted' | 'declined';
  /** The operator's note: Paystack's "reason for resolving". */
  message: string;
  refundAmountKobo: number;
  /** A plain-text statement of what the member paid for and received, uploaded as the attachment. */
  statement: string;
  /** For a contest: who the customer is and the service given (DisputeEvidence). */
  evidence?: { customerEmail: string; customerName: string; customerPhone: string; serviceDetails: string };
}

export interface ProviderBank {
  name: string;
  code: string;
  active: boolean;
}

export interface TransferState {
  reference: string;
  /** Paystack's transfer status: pending, otp, received, success, failed, reversed, abandoned, blocked, rejected. */
  status: string;
  transferCode: string | null;
  amountKobo: number;
  /** Paystack's words on a transfer that did not go through (gateway_response or failures), when it gives any. */
  reason?: string | null;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
