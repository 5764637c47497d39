/**
 * What the platform needs of a card-payment and transfer provider. Amounts are integer kobo. Expected
 * failures come back as values; only a provider that cannot be reached (after retries) throws PaymentProviderError.
 */
export interface PaymentProvider {
  readonly name: 'paystack' | 'sandbox';
  initializeTransaction(input: {
    email: string;
    amountKobo: number;
    reference: string;
    callbackUrl: string;
    metadata?: Record<string, unknown>;
  }): Promise<{ authorizationUrl: string; accessCode: string; reference: string }>;
  /** The provider's word on a transaction; `status` is Paystack's (success, failed, abandoned, pending, ...). */
  verifyTransaction(reference: string): Promise<VerifiedTransaction | { found: false }>;
  listBanks(): Promise<ProviderBank[]>;
  /** The account holder's name as the bank has it, or null when the number does not resolve. */
  resolveAccount(input: { accountNumber: string; bankCode: string }): Promise<{ accountName: string } | null>;
  createTransferRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<{ recipientCode: string }>;
  /** Reusing a reference must never pay twice: the provider answers with the existing transfer. */
  initiateTransfer(input: { amountKobo: number; recipientCode: string; reference: string; reason: string }): Promise<TransferState>;
  initiateBulkTransfer(transfers: { amountKobo: number; recipientCode: string; reference: string; reason: string }[]): Promise<TransferState[]>;
  verifyTransfer(reference: string): Promise<TransferState | { found: false }>;
  /** HMAC-SHA512 of the raw body with the secret key, compared in constant time. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

export interface VerifiedTransaction {
  found: true;
  reference: string;
  status: string;
  amountKobo: number;
  currency: string;
  paidAt: string | null;
  customerEmail: string | null;
  metadata: Record<string, unknown>;
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
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
