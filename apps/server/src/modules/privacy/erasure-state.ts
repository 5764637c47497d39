import { formatNaira } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

export type ErasureStatus = 'not_closed' | 'not_due' | 'deferred' | 'due' | 'erased';

export interface ErasureState {
  status: ErasureStatus;
  closedAt: Date | null;
  /** Why erasure is due (the member asked, or the retention period after closure passed), or when it will be. */
  dueBecause: 'member_asked' | 'retention_passed' | null;
  retentionEndsAt: Date | null;
  /** What stops erasure now, in the operator's words; empty when nothing does. */
  blockers: string[];
}

type Row = {
  status: string;
  closed_at: string | Date | null;
  erasure_requested_at: string | Date | null;
  legal_hold_reason: string | null;
  erased_at: string | Date | null;
  balance_kobo: string | null;
  payouts_open: string;
  approvals_open: string;
  grants_pending: string;
  flags_open: string;
  messages_open: string;
  awards_pending: string;
};

const date = (v: string | Date | null) => (v === null ? null : new Date(v));

export const retentionEnd = (closedAt: Date, years: number) => {
  const end = new Date(closedAt.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
};

/**
 * Where one account stands for erasure. Erasure waits for closure and for a reason (the member asked, or the
 * retention period after closure passed); anything the company or the member still owes, or may have to prove,
 * defers it: money in the wallet or in flight, undelivered awards, a request or dispute still open, a legal hold.
 */
export async function erasureState(
  tx: Tx,
  accountId: string,
  now: Date,
  closedAccountYears: number,
): Promise<ErasureState | null> {
  const [row] = await queryRows<Row>(
    tx,
    sql`select a.status, a.closed_at, a.erasure_requested_at, a.legal_hold_reason, a.erased_at,
          (select balance_kobo from ledger_accounts where key = 'wallet:' || a.id::text) as balance_kobo,
          (select count(*) from payouts where account_id = a.id and status in ('reserved', 'processing')) as payouts_open,
          (select count(*) from approval_requests where target_account_id = a.id and status = 'pending' and kind <> 'erase_member') as approvals_open,
          (select count(*) from grant_applications where account_id = a.id and status = 'pending') as grants_pending,
          (select count(*) from fraud_flags where account_id = a.id and cleared_at is null) as flags_open,
          (select count(*) from contact_messages where email = a.email and state = 'open') as messages_open,
          (select count(*) from awards where account_id = a.id and status = 'pending') as awards_pending
        from accounts a where a.id = ${accountId}`,
  );
  if (!row) return null;
  const closedAt = date(row.closed_at);
  const retentionEndsAt = closedAt ? retentionEnd(closedAt, closedAccountYears) : null;
  if (row.erased_at) return { status: 'erased', closedAt, dueBecause: null, retentionEndsAt, blockers: [] };
  const blockers: string[] = [];
  const balanceKobo = Number(row.balance_kobo ?? 0);
  if (balanceKobo > 0)
    blockers.push(`Unpaid balance: ${formatNaira(balanceKobo)} is still in the wallet. Pay it out first.`);
  if (Number(row.payouts_open) > 0) blockers.push('A payout to this member is still in progress.');
  if (Number(row.awards_pending) > 0) blockers.push('Awards owed to this member have not been delivered.');
  if (Number(row.approvals_open) > 0) blockers.push('A request about this member is waiting on Approvals.');
  if (Number(row.grants_pending) > 0) blockers.push('A grant application from this member is still pending.');
  if (Number(row.flags_open) > 0)
    blockers.push('Open dispute: a fraud flag on this account has not been cleared.');
  if (Number(row.messages_open) > 0)
    blockers.push('Open dispute: a message from this member in Contact Messages is still open.');
  if (row.legal_hold_reason) blockers.push(`Legal hold: ${row.legal_hold_reason}`);
  if (row.status !== 'closed' || !closedAt)
    return { status: 'not_closed', closedAt, dueBecause: null, retentionEndsAt, blockers };
  const dueBecause = row.erasure_requested_at
    ? 'member_asked'
    : retentionEndsAt! <= now
      ? 'retention_passed'
      : null;
  if (!dueBecause) return { status: 'not_due', closedAt, dueBecause, retentionEndsAt, blockers };
  return { status: blockers.length ? 'deferred' : 'due', closedAt, dueBecause, retentionEndsAt, blockers };
}
