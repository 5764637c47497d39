import { programmeName, DomainError } from '@coop/core';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { findAccount } from '../accounts/account-store';
import type { ApprovalAct } from '../approvals/approval-acts';
import { recordAudit } from '../audit/record-audit';
import { answerPlatformRequests } from './request-register';
import { eraseMember } from './erase-member';
import { erasureState, type ErasureState } from './erasure-state';

type EraseAsk = { accountId: string };

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Refuses, with the reason the operator reads, an erasure that may not happen now. */
export function assertErasable(state: ErasureState | null) {
  if (!state) throw new DomainError('member_not_found', 'No such member.');
  if (state.status === 'erased')
    throw new DomainError('already_erased', 'This member’s personal data has already been erased.');
  if (state.status === 'not_closed')
    throw new DomainError(
      'not_closed',
      'This account is not closed: personal data is erased only after closure.',
    );
  if (state.status === 'not_due')
    throw new DomainError(
      'erasure_not_due',
      `Erasure is not due: the member has not asked for it, and the retention period ends on ${day(state.retentionEndsAt!)}.`,
    );
  if (state.status === 'deferred')
    throw new DomainError('erasure_deferred', `Erasure is deferred. ${state.blockers.join(' ')}`);
}

/** Carries out an erasure checked again inside the transaction, and audits it without any personal value. */
export async function carryOutErasure(
  tx: Tx,
  { config }: { config: Pick<Config, 'retention'> },
  accountId: string,
  actors: { makerId: string; checkerId: string | null },
) {
  const now = new Date();
  const state = await erasureState(tx, accountId, now, config.retention.closedAccountYears);
  assertErasable(state);
  await eraseMember(tx, accountId, now);
  await answerPlatformRequests(
    tx,
    { accountId, kind: 'erasure' },
    'Erased: name, contact and bank details replaced; amounts, dates and references of payments kept.',
  );
  await recordAudit(tx, {
    actorAccountId: actors.makerId,
    action: 'member_erased',
    targetAccountId: accountId,
    details: {
      dueBecause: state!.dueBecause,
      closedAt: state!.closedAt?.toISOString() ?? null,
      checkerAccountId: actors.checkerId,
    },
  });
  return { accountId, dueBecause: state!.dueBecause };
}

/** Erasing a member's personal data cannot be undone, so it waits for a second administrator like money does. */
export const erasureApproval: ApprovalAct<EraseAsk> = {
  kind: 'erase_member',
  keyPrefix: 'erase-member',
  inApprovalTransaction: true,
  // One erasure request per member waits at a time.
  subjectKey: ({ accountId }) => `erase-member:${accountId}`,
  async describe({ db, config }, _maker, { accountId }) {
    const state = await erasureState(db, accountId, new Date(), config.retention.closedAccountYears);
    assertErasable(state);
    const who = await findAccount(db, accountId);
    const because =
      state!.dueBecause === 'member_asked'
        ? 'the member asked'
        : 'the retention period after closure has passed';
    return {
      // The name is replaced in this summary too when the erasure is carried out.
      summary: `erase the personal data of ${who!.fullName} (${programmeName(who!.programme)}, closed on ${day(state!.closedAt!)}; ${because})`,
      targetAccountId: accountId,
      amountKobo: null,
    };
  },
  async carryOut({ accountId }, { deps, maker, checkerId }, tx) {
    return carryOutErasure(tx, deps, accountId, { makerId: maker.id, checkerId });
  },
};
