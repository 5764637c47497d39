import { maskAccountNumber } from '@coop/core';
import type { Tx } from '../../db/client';
import type { MemberRecordParts } from '../member-review/member-record-parts';
import { findBankDetails } from './queries';

/** The member record's bank details: the number leaves the server masked. */
export async function bankDetailsForRecord(
  db: Tx,
  accountId: string,
): Promise<MemberRecordParts['bankDetails']> {
  const b = await findBankDetails(db, accountId);
  return b
    ? {
        bankName: b.bankName,
        accountName: b.accountName,
        accountNumberMasked: maskAccountNumber(b.accountNumberLast4),
        verified: b.verified,
        resolvedAccountName: b.resolvedAccountName,
        updatedAt: b.updatedAt.toISOString(),
      }
    : null;
}
