import type { PaystackAnswer, PaystackRequest } from './paystack-http';
import { createRefundAnswer, fetchRefundAnswer, listRefundsAnswer } from './refund-schemas';
import { paystackFailure } from './paystack-schemas';
import type { RefundCalls } from './refund-types';
import { PaymentProviderError } from './types';

const failureMessage = (answer: PaystackAnswer) =>
  paystackFailure.safeParse(answer.body).data?.message || `HTTP ${answer.httpStatus}`;

/**
 * The Refund API over Paystack's HTTP request (paystack.com/docs/api/refund). `once` makes a single attempt: a
 * refund created by a call whose answer was lost must not be created again by a retry.
 */
export function refundCalls(request: PaystackRequest, once: PaystackRequest): RefundCalls {
  return {
    async createRefund(input) {
      const answer = await once('POST', '/refund', {
        body: {
          transaction: input.transactionReference,
          amount: input.amountKobo,
          currency: 'NGN',
          merchant_note: input.merchantNote,
          customer_note: input.customerNote,
        },
      });
      // Paystack refuses with 400 and status false ("Transaction has been fully reversed", an amount above the rest).
      if (answer.httpStatus >= 400 && answer.httpStatus < 500) return { refused: failureMessage(answer) };
      const parsed = createRefundAnswer.safeParse(answer.body);
      if (!parsed.success)
        throw new PaymentProviderError(
          "The payment provider's answer to the refund was not in the expected shape.",
          false,
        );
      const { data } = parsed.data;
      return {
        id: data.id,
        status: data.status,
        amountKobo: data.amount,
        transactionReference: data.transaction?.reference ?? null,
        expectedAt: data.expected_at ?? null,
      };
    },

    async fetchRefund(id) {
      const answer = await request('GET', `/refund/${id}`);
      if (answer.httpStatus === 404 || answer.httpStatus === 400) return { found: false };
      const parsed = fetchRefundAnswer.safeParse(answer.body);
      if (answer.httpStatus >= 300 || !parsed.success)
        throw new PaymentProviderError(
          `The payment provider's answer to the refund check was not usable (HTTP ${answer.httpStatus}).`,
          false,
        );
      const { data } = parsed.data;
      return {
        id: data.id,
        status: data.status,
        amountKobo: data.amount,
        transactionReference: data.transaction_reference ?? null,
        expectedAt: data.expected_at ?? null,
      };
    },

    async listRefunds({ from, to, page, perPage }) {
      const answer = await request('GET', '/refund', {
        query: {
          from: from.toISOString(),
          to: to.toISOString(),
          page: String(page),
          perPage: String(perPage),
        },
      });
      const parsed = listRefundsAnswer.safeParse(answer.body);
      if (answer.httpStatus >= 300 || !parsed.success)
        throw new PaymentProviderError(
          `The payment provider's list of refunds was not usable (HTTP ${answer.httpStatus}).`,
          false,
        );
      return {
        refunds: parsed.data.data.map((r) => ({
          id: r.id,
          status: r.status,
          amountKobo: r.amount,
          transactionReference: r.transaction_reference ?? null,
          expectedAt: r.expected_at ?? null,
        })),
        pageCount: parsed.data.meta.pageCount,
      };
    },
  };
}
