import { DomainError, formatNaira, programmeName } from '@coop/core';
import type { ApprovalAct } from '../approvals/approval-acts';
import { acceptAmountKobo, answerDispute, assertAcceptable } from './answer-dispute';
import { disputeById } from './dispute-list';

export interface DisputeAcceptAsk {
  disputeId: number;
  note: string;
}

/**
 * Accepting a dispute sends money out (Paystack gives the amount back to the card), so it waits for a second
 * administrator like a refund of the same amount (decision 0057): the maker gives the note; approval sends the
 * acceptance to Paystack. It calls Paystack, so it runs after the approval has committed and relies on the
 * dispute row's claim (answer-dispute.ts) to call Paystack once. Contesting sends no money: one administrator.
 */
export const disputeAcceptApproval: ApprovalAct<DisputeAcceptAsk> = {
  kind: 'dispute_accept',
  keyPrefix: 'dispute-accept',
  inApprovalTransaction: false,
  // One acceptance per dispute waits at a time: asking again answers the first.
  subjectKey: (ask) => `dispute:${ask.disputeId}`,
  async describe(deps, _maker, ask) {
    const dispute = await disputeById(deps.db, ask.disputeId, '');
    if (!dispute) throw new DomainError('dispute_unknown', 'No such dispute.');
    assertAcceptable(dispute);
    const amountKobo = acceptAmountKobo(dispute);
    return {
      summary: `accept the card dispute of payment ${dispute.payment.reference} by ${dispute.member.fullName} (${programmeName(dispute.member.programme)}, Paystack dispute ${dispute.paystackId}): ${formatNaira(amountKobo)} goes back to the card${dispute.refunds.length > 0 ? ` (what earlier refunds did not give back)` : ''}. Note for Paystack: ${ask.note}`,
      targetAccountId: dispute.member.id,
      amountKobo,
      preview: {
        lines: [
          {
            accountId: dispute.member.id,
            fullName: dispute.member.fullName,
            email: dispute.member.email,
            bankName: null,
            accountNumberLast4: null,
            amountKobo,
          },
        ],
      },
    };
  },
  async carryOut(ask, { deps, maker, checkerId }) {
    const message = await answerDispute(
      deps,
      maker,
      ask.disputeId,
      { answer: 'accept', note: ask.note },
      checkerId,
    );
    return { disputeId: ask.disputeId, message };
  },
};
