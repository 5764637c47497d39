import { formatNaira } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mentioning, type ErasedMember, type PersonalDataPart } from '../../lib/personal-data';
import { walletBalanceOf } from './ledger-store';

/**
 * Gives "a former member" for the erased member's name in the memos of the journal entries `entryIds` (SQL, a
 * sub-select of entry ids) names. The books keep amounts, accounts and dates: only a memo may change, and only in a
 * transaction that declares itself an erasure (migration 0020).
 */
export async function forgetNameInMemos(tx: Tx, member: ErasedMember, entryIds: SQL) {
  await tx.execute(sql`select set_config('ledger.erasure', 'on', true)`);
  await tx.execute(sql`update journal_entries set memo = ${mentioning(member, 'memo')}
    where memo like ${`%${member.fullName}%`} and id in (${entryIds})`);
  await tx.execute(sql`select set_config('ledger.erasure', 'off', true)`);
}

/** The wallet: money still in it defers erasure; a memo of an entry the member made may name them. */
export const ledgerPersonalData: PersonalDataPart = {
  owner: 'ledger',
  holds: [
    {
      value: (accountId) => walletBalanceOf(accountId),
      blocker: (balance) => {
        const balanceKobo = Number(balance ?? 0);
        return balanceKobo > 0
          ? `Unpaid balance: ${formatNaira(balanceKobo)} is still in the wallet. Pay it out first.`
          : null;
      },
    },
  ],
  async erase(tx, member) {
    await forgetNameInMemos(
      tx,
      member,
      sql`select id from journal_entries where created_by = ${member.accountId}`,
    );
  },
};
