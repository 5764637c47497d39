import {
  closureMoneyText,
  programmeName,
  SUSPENSION_REASON_TEXT,
  type ClosureReason,
  DomainError,
} from '@coop/core';
import { findAccount } from '../accounts/account-store';
import type { ApprovalAct } from '../approvals/approval-acts';
import { administratorAccount, closeAccount } from './account-status';

type CloseAsk = { accountId: string; reason: ClosureReason; note: string };

/**
 * An administrator closes an account for one of the terms' reasons: it ends the member's access for good and
 * decides what happens to their money, so it waits for a second administrator. The checker reads who, why, and
 * what becomes of the wallet and the pending awards.
 */
export const closureApproval: ApprovalAct<CloseAsk> = {
  kind: 'close_account',
  keyPrefix: 'close-account',
  inApprovalTransaction: true,
  subjectKey: ({ accountId }) => `close-account:${accountId}`,
  async describe(deps, maker, ask) {
    if (ask.accountId === maker.id)
      throw new DomainError('own_account', 'You cannot close your own account.');
    const member = await findAccount(deps.db, ask.accountId);
    if (!member) throw new DomainError('account_unknown', 'No such account.');
    if (member.role === 'admin') throw administratorAccount();
    if (member.status === 'closed')
      throw new DomainError('status_conflict', 'This account is already closed.');
    return {
      summary: `close the ${programmeName(member.programme)} account of ${member.fullName} because of ${SUSPENSION_REASON_TEXT[ask.reason]}. ${closureMoneyText(ask.reason)}`,
      targetAccountId: ask.accountId,
      amountKobo: null,
    };
  },
  async carryOut(ask, { maker }, tx) {
    // The maker decided the closure; the checker's approval is kept on the approval request.
    await closeAccount(tx, {
      accountId: ask.accountId,
      actorAccountId: maker.id,
      reason: ask.reason,
      note: ask.note,
    });
    return { accountId: ask.accountId, reason: ask.reason };
  },
};
