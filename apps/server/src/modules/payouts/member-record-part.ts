import { toNairaString } from '@coop/core';
import type { Tx } from '../../db/client';
import type { MemberRecordParts } from '../member-review/member-record-parts';
import { transferAttempts } from './attempt-trail';

/**
 * The member record's payouts: every transfer attempt, a failed one and its retry apart, so each line of the bank
 * statement has its row; newest first.
 */
export async function payoutsForRecord(db: Tx, accountId: string): Promise<MemberRecordParts['payouts']> {
  const attempts = await transferAttempts(db, { accountId });
  return attempts.reverse().map((p) => ({
    reference: p.reference,
    period: p.period,
    attempt: p.attempt,
    amount: toNairaString(p.amountKobo),
    status: p.status,
    bankName: p.bankName,
    accountNumberLast4: p.accountNumberLast4,
    failureReason: p.failureReason,
    createdAt: p.at.toISOString(),
  }));
}
