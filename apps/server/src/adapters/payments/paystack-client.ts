import type { z } from 'zod';
import { createPaystackRequest, type PaystackAnswer, type PaystackHttpOptions } from './paystack-http';
import {
  bankListAnswer,
  bulkTransferAnswer,
  disputeEvidenceAnswer,
  disputeResolveAnswer,
  disputeUploadUrlAnswer,
  initializeAnswer,
  paystackFailure,
  recipientAnswer,
  resendOtpAnswer,
  resolveAnswer,
  sessionTimeoutAnswer,
  transferAnswer,
  verifyAnswer,
} from './paystack-schemas';
import { refundCalls } from './paystack-refunds';
import { settlementCalls } from './paystack-settlements';
import { PaymentProviderError, type PaymentProvider, type ProviderBank, type TransferState } from './types';
import { isValidPaystackSignature } from './webhook-signature';

const ok = (answer: PaystackAnswer) => answer.httpStatus >= 200 && answer.httpStatus < 300;
const failureMessage = (answer: PaystackAnswer) =>
  paystackFailure.safeParse(answer.body).data?.message || `HTTP ${answer.httpStatus}`;

/** A 2xx answer in the shape we expect, or a non-retryable error naming the call (never the secret or the body). */
function parse<T extends z.ZodTypeAny>(schema: T, answer: PaystackAnswer, call: string): z.infer<T> {
  if (!ok(answer))
    throw new PaymentProviderError(`The payment provider refused ${call}: ${failureMessage(answer)}`, false);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    throw new PaymentProviderError(
      `The payment provider's answer to ${call} was not in the expected shape.`,
      false,
    );
  return parsed.data;
}

const toTransferState = (t: {
  reference: string;
  status: string;
  transfer_code?: string | null;
  amount: number;
  gateway_response?: string | null;
}): TransferState => ({
  reference: t.reference,
  status: t.status,
  transferCode: t.transfer_code ?? null,
  amountKobo: t.amount,
  ...(t.gateway_response ? { reason: t.gateway_response } : {}),
});

/** "Reference already exists", "Duplicate reference(s) found": the transfer was made before (a retry). */
const isDuplicateReference = (answer: PaystackAnswer) =>
  !ok(answer) && /duplicate|already exist/i.test(failureMessage(answer));

/** sk_live_ keys open the live world; anything else (sk_test_, the sandbox's key) the test one. */
export const keyModeOf = (secretKey: string): 'test' | 'live' =>
  secretKey.startsWith('sk_live_') ? 'live' : 'test';

/**
 * Paystack's HTTP API (paystack.com/docs/api; its description PaystackOSS/openapi dist/paystack.yaml, held to by
 * apps/server/test/paystack-contract.test.ts), in kobo, for the real service and for the sandbox alike.
 */
export function createPaystackProvider(
  options: PaystackHttpOptions & { name: 'paystack' | 'sandbox' },
): PaymentProvider {
  const request = createPaystackRequest(options);
  const ref = (reference: string) => encodeURIComponent(reference);

  const verifyTransfer: PaymentProvider['verifyTransfer'] = async (reference) => {
    const answer = await request('GET', `/transfer/verify/${ref(reference)}`);
    if (answer.httpStatus === 404 || (answer.httpStatus === 400 && /not found/i.test(failureMessage(answer))))
      return { found: false };
    return toTransferState(parse(transferAnswer, answer, 'the transfer check').data);
  };

  /** Our reference was already used: the existing transfer is the answer, so a retry never pays twice. */
  const existingTransfer = async (reference: string, answer: PaystackAnswer): Promise<TransferState> => {
    const existing = await verifyTransfer(reference);
    if ('found' in existing)
      throw new PaymentProviderError(
        `The payment provider refused the transfer: ${failureMessage(answer)}`,
        false,
      );
    return existing;
  };

  /** The signed URL is a storage address, not Paystack's API: no key is sent to it. */
  const uploadStatement = async (signedUrl: string, statement: string) => {
    const response = await (options.fetch ?? fetch)(signedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: statement,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    }).catch(() => null);
    await response?.body?.cancel();
    if (!response?.ok)
      throw new PaymentProviderError(
        `The dispute statement could not be uploaded to Paystack (${response ? `HTTP ${response.status}` : 'network error'}).`,
        true,
      );
  };

  return {
    name: options.name,
    keyMode: keyModeOf(options.secretKey),

    async initializeTransaction(input) {
      const answer = await request('POST', '/transaction/initialize', {
        body: {
          email: input.email,
          amount: input.amountKobo,
          currency: 'NGN',
          reference: input.reference,
          callback_url: input.callbackUrl,
          metadata: input.metadata ?? {},
        },
      });
      const { data } = parse(initializeAnswer, answer, 'the payment');
      return {
        authorizationUrl: data.authorization_url,
        accessCode: data.access_code,
        reference: data.reference,
      };
    },

    async verifyTransaction(reference) {
      const answer = await request('GET', `/transaction/verify/${ref(reference)}`);
      // Paystack answers an unknown reference with 400 or 404 and status false.
      if (answer.httpStatus === 404 || answer.httpStatus === 400) return { found: false };
      const { data } = parse(verifyAnswer, answer, 'the payment check');
      return {
        found: true,
        reference: data.reference,
        status: data.status,
        amountKobo: data.amount,
        requestedAmountKobo: data.requested_amount ?? null,
        feesKobo: data.fees ?? null,
        currency: data.currency,
        paidAt: data.paid_at ?? null,
        customerEmail: data.customer?.email ?? null,
        metadata: data.metadata ?? {},
      };
    },

    async paymentSessionTimeoutSeconds() {
      const answer = await request('GET', '/integration/payment_session_timeout');
      return parse(sessionTimeoutAnswer, answer, 'the payment session timeout').data.payment_session_timeout;
    },

    async listBanks() {
      // Cursor paging (meta.next) as Paystack documents it; a few pages at most for Nigeria's list.
      const banks: ProviderBank[] = [];
      let next: string | null | undefined;
      for (let page = 0; page < 20; page += 1) {
        const query: Record<string, string> = {
          country: 'nigeria',
          currency: 'NGN',
          perPage: '50',
          use_cursor: 'true',
          ...(next ? { next } : {}),
        };
        const answer = parse(bankListAnswer, await request('GET', '/bank', { query }), 'the bank list');
        for (const bank of answer.data)
          if (!bank.is_deleted) banks.push({ name: bank.name, code: bank.code, active: bank.active });
        next = answer.meta?.next;
        if (!next) break;
      }
      return banks;
    },

    async resolveAccount({ accountNumber, bankCode }) {
      const answer = await request('GET', '/bank/resolve', {
        query: { account_number: accountNumber, bank_code: bankCode },
      });
      if (!ok(answer)) return null;
      const parsed = resolveAnswer.safeParse(answer.body);
      return parsed.success ? { accountName: parsed.data.data.account_name } : null;
    },

    async createTransferRecipient({ name, accountNumber, bankCode }) {
      const answer = await request('POST', '/transferrecipient', {
        body: { type: 'nuban', name, account_number: accountNumber, bank_code: bankCode, currency: 'NGN' },
      });
      return { recipientCode: parse(recipientAnswer, answer, 'the transfer recipient').data.recipient_code };
    },

    async initiateTransfer(input) {
      const answer = await request('POST', '/transfer', {
        body: {
          source: 'balance',
          amount: input.amountKobo,
          recipient: input.recipientCode,
          reference: input.reference,
          reason: input.reason,
          currency: 'NGN',
        },
      });
      if (isDuplicateReference(answer)) return existingTransfer(input.reference, answer);
      return toTransferState(parse(transferAnswer, answer, 'the transfer').data);
    },

    async initiateBulkTransfer(transfers) {
      const answer = await request('POST', '/transfer/bulk', {
        body: {
          currency: 'NGN',
          source: 'balance',
          transfers: transfers.map((t) => ({
            amount: t.amountKobo,
            recipient: t.recipientCode,
            reference: t.reference,
            reason: t.reason,
          })),
        },
      });
      if (isDuplicateReference(answer)) {
        const states: TransferState[] = [];
        for (const t of transfers) states.push(await existingTransfer(t.reference, answer));
        return states;
      }
      return parse(bulkTransferAnswer, answer, 'the bulk transfer').data.map(toTransferState);
    },

    verifyTransfer,

    async finalizeTransfer({ transferCode, otp }) {
      const answer = await request('POST', '/transfer/finalize_transfer', {
        body: { transfer_code: transferCode, otp },
      });
      // A wrong or expired code is Paystack's 400 with status false: the operator is told its words.
      if (answer.httpStatus >= 400 && answer.httpStatus < 500) return { refused: failureMessage(answer) };
      return toTransferState(parse(transferAnswer, answer, 'the transfer code').data);
    },

    async resendTransferOtp(transferCode) {
      const answer = await request('POST', '/transfer/resend_otp', {
        body: { transfer_code: transferCode, reason: 'resend_otp' },
      });
      if (answer.httpStatus >= 400 && answer.httpStatus < 500) return { refused: failureMessage(answer) };
      parse(resendOtpAnswer, answer, 'the new transfer code');
      return { sent: true };
    },

    async answerDispute(input) {
      const id = encodeURIComponent(String(input.disputeId));
      const refused = (answer: PaystackAnswer) => answer.httpStatus >= 400 && answer.httpStatus < 500;
      // The resolve call needs an uploaded file's name (DisputeResolve requires uploaded_filename): the statement.
      const urlAnswer = await request('GET', `/dispute/${id}/upload_url`);
      if (refused(urlAnswer)) return { refused: failureMessage(urlAnswer) };
      const { signedUrl, fileName } = parse(
        disputeUploadUrlAnswer,
        urlAnswer,
        'the dispute upload address',
      ).data;
      await uploadStatement(signedUrl, input.statement);
      let evidenceId: number | undefined;
      if (input.evidence) {
        const e = input.evidence;
        const evidence = await request('POST', `/dispute/${id}/evidence`, {
          body: {
            customer_email: e.customerEmail,
            customer_name: e.customerName,
            customer_phone: e.customerPhone,
            service_details: e.serviceDetails,
          },
        });
        if (refused(evidence)) return { refused: failureMessage(evidence) };
        evidenceId = parse(disputeEvidenceAnswer, evidence, 'the dispute evidence').data.id;
      }
      const answer = await request('PUT', `/dispute/${id}/resolve`, {
        body: {
          resolution: input.resolution,
          message: input.message,
          refund_amount: input.refundAmountKobo,
          uploaded_filename: fileName,
          ...(evidenceId === undefined ? {} : { evidence: evidenceId }),
        },
      });
      if (refused(answer)) return { refused: failureMessage(answer) };
      const { data } = parse(disputeResolveAnswer, answer, 'the dispute answer');
      return {
        status: data.status,
        resolution: data.resolution ?? null,
        resolvedAt: data.resolvedAt ?? null,
      };
    },

    // POST /refund carries no key of ours: a retry after a lost answer could refund twice, so it is tried once.
    ...refundCalls(request, createPaystackRequest({ ...options, attempts: 1 })),
    ...settlementCalls(request),

    verifyWebhookSignature(rawBody, signature) {
      return isValidPaystackSignature(options.secretKey, rawBody, signature);
    },
  };
}
