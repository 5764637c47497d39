import { formatNaira, programmeName, type Programme } from '@coop/core';
import { accountForConfirmation } from '../admin-users/account-for-confirmation';
import type { ApprovalAct } from '../approvals/approval-acts';
import { carryOutReservedCashOut, releaseCashOut, reserveCashOut } from './reserve-cash-out';

type CashOutAsk = { programme: Programme; email: string; amountKobo: number; idempotencyKey: string };

/**
 * A cash-out above the threshold is asked for before any cash changes hands (decision 0040): the amount is set aside
 * from the wallet with the request, the cash is handed over once a second administrator approves, and the money goes
 * back to the wallet if the request is declined, withdrawn or fails.
 */
export const cashOutApproval: ApprovalAct<CashOutAsk> = {
  kind: 'cash_out',
  keyPrefix: 'cash-out',
  inApprovalTransaction: true,
  // One cash-out per member waits at a time: a second form for the same member answers the first request.
  subjectKey: (ask, description) => `cash-out:${ask.programme}:${description.targetAccountId}`,
  async describe(deps, _maker, ask) {
    // The balance is checked under the wallet's lock when the amount is set aside (hold), after a cash-out that already
    // waits for this member has been answered: its money is out of the wallet, and asking again answers that request.
    const member = await accountForConfirmation(deps.db, ask.programme, ask.email);
    return {
      summary: `cash payout of ${formatNaira(ask.amountKobo)} to ${member.fullName} (${programmeName(ask.programme)}), handed over once approved`,
      targetAccountId: member.id,
      amountKobo: ask.amountKobo,
      preview: {
        lines: [
          {
            accountId: member.id,
            fullName: member.fullName,
            email: member.email,
            bankName: null,
            accountNumberLast4: null,
            amountKobo: ask.amountKobo,
          },
        ],
      },
    };
  },
  hold: (ask, { approvalId, maker }, tx) => reserveCashOut(tx, maker, ask, approvalId),
  async carryOut(ask, { maker }, tx) {
    // The maker hands the cash over, so the cash-out is recorded in their name, under the key of their form submission.
    const cashOut = await carryOutReservedCashOut(tx, maker, ask);
    return { cashOutId: cashOut.id, replayed: cashOut.replayed };
  },
  release: (ask, context, tx) => releaseCashOut(tx, ask, context),
};
