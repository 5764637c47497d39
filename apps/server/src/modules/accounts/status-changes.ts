import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { AccountStatus } from './account-store';

/** The store of account_status_changes: an account's status moves only here, with a row of its history. */

export interface StatusChange {
  accountId: string;
  from: AccountStatus;
  to: AccountStatus;
  /** A suspension's or closure's reason code (the member is told it), or 'reinstated' / 'admin_removed'. */
  reason: string;
  /** The administrator's own words, never shown to the member. */
  note: string;
  actorAccountId: string | null;
}

/**
 * Moves the account from `from` to `to` and writes the history row, in the caller's transaction. The update names
 * the status it expects, so of two administrators acting at once only one succeeds: false for the other.
 * A closure starts the retention of the account's personal data (closed_at, decision 0029); `endAccessTokens`
 * also stops every access token already given out.
 */
export async function changeAccountStatus(
  tx: Tx,
  change: StatusChange,
  options: { endAccessTokens?: boolean } = {},
): Promise<boolean> {
  const [changed] = await queryRows<{ id: string }>(
    tx,
    sql`update accounts set status = ${change.to}, updated_at = now()${change.to === 'closed' ? sql`, closed_at = now()` : sql``}${options.endAccessTokens ? sql`, token_version = token_version + 1` : sql``}
        where id = ${change.accountId} and status = ${change.from} returning id`,
  );
  if (!changed) return false;
  await tx.execute(sql`
    insert into account_status_changes (account_id, from_status, to_status, reason, note, actor_account_id)
    values (${change.accountId}, ${change.from}, ${change.to}, ${change.reason}, ${change.note}, ${change.actorAccountId})`);
  return true;
}

/** The reason of the account's latest suspension, or null. */
export async function latestSuspensionReason(db: Tx, accountId: string): Promise<string | null> {
  const [latest] = await queryRows<{ reason: string }>(
    db,
    sql`select reason from account_status_changes where account_id = ${accountId} and to_status = 'suspended' order by id desc limit 1`,
  );
  return latest?.reason ?? null;
}

export interface StatusHistoryRow {
  from_status: string;
  to_status: string;
  reason: string;
  note: string;
  by: string | null;
  by_email: string | null;
  created_at: Date;
}

/** An account's status history, newest first, with the name and email of the administrator who made each change. */
export function statusHistory(db: Tx, accountId: string) {
  return queryRows<StatusHistoryRow>(
    db,
    sql`select c.from_status, c.to_status, c.reason, c.note, b.full_name as by, b.email as by_email, c.created_at
        from account_status_changes c left join accounts b on b.id = c.actor_account_id where c.account_id = ${accountId} order by c.id desc`,
  );
}

/**
 * A boolean: the account is closed, and was closed for one of `reasons` (those that hold its money). Its own aliases
 * (held_a, held_c) keep a caller's `a.id` pointing at the caller's row. A fragment,
 * so the month's payee list reads it in its one statement.
 */
export function closedForReasons(accountId: SQL, reasons: readonly string[]): SQL {
  return sql`exists (select 1 from accounts held_a join account_status_changes held_c on held_c.account_id = held_a.id and held_c.to_status = 'closed'
    where held_a.id = ${accountId} and held_a.status = 'closed' and held_c.reason in (${sql.join(
      reasons.map((r) => sql`${r}`),
      sql`, `,
    )}))`;
}
