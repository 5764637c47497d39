import { closureReasons, CLOSURE_HOLDS_MONEY, type Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsFrom, accountColumnsJoin } from '../accounts/account-sql';
import { closedForReasons } from '../accounts/status-changes';
import { bankDetailsSummary } from '../bank-details/queries';
import { paymentDisputeHeld, payoutsHeld } from '../member-review/fraud-flags';
import { walletsHoldingMoney } from '../ledger/ledger-store';
import type { PayeeFacts } from './payee-rules';

/** What decides whether a member is paid (payee-rules.ts), as one row. */
export interface PayeeRow {
  account_id: string;
  full_name: string;
  email: string;
  status: 'active' | 'suspended' | 'closed';
  bank_name: string | null;
  account_number_last4: string | null;
  verified: boolean | null;
  /** When the member last saved the bank details. */
  bank_saved_at: string | Date | null;
  earlier_failed: boolean;
  flagged: boolean;
  disputed: boolean;
  closed_held: boolean;
}

// The closure reasons that keep a closed account's money back (the core's CLOSURE_HOLDS_MONEY).
const holdingClosureReasons = closureReasons.filter((r) => CLOSURE_HOLDS_MONEY[r]);

// Read one way for the month's list, a reservation and a retry: the account's status, its bank details, a
// payout of the programme that failed and waits for a retry, an uncleared fraud flag that holds payouts, a closure
// by an administrator for a reason that holds the money.
const payeeColumns = (
  programme: Programme,
) => sql`a.id as account_id, a.full_name, a.email, a.status, b.bank_name, b.account_number_last4, b.verified, b.saved_at as bank_saved_at,
  exists (select 1 from payouts p where p.account_id = a.id and p.programme = ${programme} and p.status in ('failed', 'reversed')) as earlier_failed,
  ${payoutsHeld(sql`a.id`)} as flagged, ${paymentDisputeHeld(sql`a.id`)} as disputed,
  ${closedForReasons(sql`a.id`, holdingClosureReasons)} as closed_held`;
// What the payee row reads of the account itself.
const payeeAccountColumns = ['id', 'full_name', 'email', 'status', 'created_at'] as const;
const bankDetailsJoin = sql`left join lateral ${bankDetailsSummary(sql`a.id`)} b on true`;

/** Every wallet of the programme with money in it, oldest member first, with what decides its payout; one query. */
export function walletsWithMoney(db: Tx, programme: Programme) {
  return queryRows<PayeeRow & { balance_kobo: string }>(
    db,
    sql`select ${payeeColumns(programme)}, w.balance_kobo
        from ${walletsHoldingMoney(programme)} w ${accountColumnsJoin('a', sql`w.account_id`, payeeAccountColumns)} ${bankDetailsJoin}
        order by a.created_at, a.id`,
  );
}

/** One member's payee row, read again inside the transaction that pays them. */
export async function payeeRowOf(db: Tx, programme: Programme, accountId: string): Promise<PayeeRow> {
  const [row] = await queryRows<PayeeRow>(
    db,
    sql`select ${payeeColumns(programme)} from ${accountColumnsFrom('a', payeeAccountColumns)} ${bankDetailsJoin} where a.id = ${accountId}`,
  );
  return row!;
}

export const payeeFacts = (row: PayeeRow, balanceKobo: number): PayeeFacts => ({
  balanceKobo,
  accountStatus: row.status,
  bank: row.verified === null ? null : { verified: row.verified },
  earlierPayoutFailed: row.earlier_failed,
  flagged: row.flagged,
  disputed: row.disputed,
  closedHeld: row.closed_held,
});
