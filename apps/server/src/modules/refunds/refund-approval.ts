import { formatNaira, programmeName } from '@coop/core';
import type { ApprovalAct } from '../approvals/approval-acts';
import { paymentForRefund } from './refund-store';
import { assertRefundable, startRefund, type RefundAsk } from './start-refund';

/**
 * A refund waits for a second administrator: the maker names the payment, the amount and the reason; approval
 * gives that amount back through Paystack. It calls Paystack, so it runs after the approval has committed and
 * relies on its own key (the refund row's idempotency key) to ask Paystack once.
 */
export const refundApproval: ApprovalAct<RefundAsk> = {
  kind: 'refund',
  keyPrefix: 'refund',
  inApprovalTransaction: false,
  // One refund request per payment waits at a time: asking again answers the first.
  subjectKey: (ask) => `refund:${ask.reference}`,
  async describe(deps, _maker, ask) {
    const payment = await paymentForRefund(deps.db, ask.reference);
    assertRefundable(payment, ask.amountKobo);
    return {
      summary: `refund of ${formatNaira(ask.amountKobo)} to ${payment.fullName} of payment ${payment.reference} (${programmeName(payment.programme)}): ${ask.reason}`,
      targetAccountId: payment.accountId,
      amountKobo: ask.amountKobo,
      preview: {
        lines: [
          {
            accountId: payment.accountId,
            fullName: payment.fullName,
            email: payment.email,
            bankName: null,
            accountNumberLast4: null,
            amountKobo: ask.amountKobo,
          },
        ],
      },
    };
  },
  async carryOut(ask, { deps, maker, checkerId }) {
    const { refund, replayed } = await startRefund(deps, ask, {
      requestedBy: maker.id,
      approvedBy: checkerId,
    });
    return { refundId: refund.id, status: refund.status, replayed };
  },
};
