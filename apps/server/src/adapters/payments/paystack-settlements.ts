import type { PaystackAnswer, PaystackRequest } from './paystack-http';
import { listSettlementsAnswer, settlementTransactionsAnswer } from './settlement-schemas';
import type { SettlementCalls } from './settlement-types';
import { PaymentProviderError } from './types';

const unusable = (what: string, answer: PaystackAnswer) =>
  new PaymentProviderError(
    `The payment provider's ${what} was not usable (HTTP ${answer.httpStatus}).`,
    false,
  );

/** The Settlements API over Paystack's HTTP request (paystack.com/docs/api/settlement); reads only, so retried. */
export function settlementCalls(request: PaystackRequest): SettlementCalls {
  return {
    async listSettlements({ from, to, page, perPage }) {
      const answer = await request('GET', '/settlement', {
        query: {
          from: from.toISOString(),
          to: to.toISOString(),
          page: String(page),
          perPage: String(perPage),
        },
      });
      const parsed = listSettlementsAnswer.safeParse(answer.body);
      if (answer.httpStatus >= 300 || !parsed.success) throw unusable('list of settlements', answer);
      return {
        settlements: parsed.data.data.map((s) => ({
          id: s.id,
          status: s.status,
          currency: s.currency,
          totalAmountKobo: s.total_amount,
          effectiveAmountKobo: s.effective_amount,
          totalFeesKobo: s.total_fees,
          totalProcessedKobo: s.total_processed,
          deductionsKobo: s.deductions ?? 0,
          settlementDate: s.settlement_date,
          createdAt: s.createdAt,
          updatedAt: s.updatedAt,
        })),
        pageCount: parsed.data.meta.pageCount,
      };
    },

    async settlementTransactions(id, { page, perPage }) {
      const answer = await request('GET', `/settlement/${id}/transactions`, {
        query: { page: String(page), perPage: String(perPage) },
      });
      const parsed = settlementTransactionsAnswer.safeParse(answer.body);
      if (answer.httpStatus >= 300 || !parsed.success)
        throw unusable("list of a settlement's transactions", answer);
      return {
        transactions: parsed.data.data.map((t) => ({
          id: t.id,
          reference: t.reference,
          status: t.status,
          amountKobo: t.amount,
          requestedAmountKobo: t.requested_amount ?? null,
          feesKobo: t.fees ?? null,
          currency: t.currency,
          paidAt: t.paid_at ?? null,
        })),
        pageCount: parsed.data.meta.pageCount,
      };
    },
  };
}
