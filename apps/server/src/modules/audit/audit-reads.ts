import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

type When = string | Date;

export interface AuditTrailRow {
  id: string;
  action: string;
  /** What `actorColumns` made of the actor's id: their name and email, for the member record. */
  actor_name: string | null;
  actor_email: string | null;
  details: Record<string, unknown>;
  created_at: When;
}

/**
 * Every audit row about one account, newest first. The actor is named (name and email) in the same statement by the
 * fragments the caller gives (the accounts module's), so the record costs one statement, not one per row.
 */
export function auditTrailOf(
  db: Tx,
  accountId: string,
  actorColumns: { name: (actorIdSql: SQL) => SQL; email: (actorIdSql: SQL) => SQL },
) {
  return queryRows<AuditTrailRow>(
    db,
    sql`select l.id, l.action, ${actorColumns.name(sql`l.actor_account_id`)} as actor_name,
          ${actorColumns.email(sql`l.actor_account_id`)} as actor_email, l.details, l.created_at
        from audit_log l where l.target_account_id = ${accountId} order by l.id desc`,
  );
}

/**
 * The addresses failed administrator sign-ins on this account came from in the window, with how many from each, most
 * first; a browser the administrator already used does not count (it is theirs: a typo, not an attack).
 */
export function failedSignInAddresses(tx: Tx, adminId: string, windowMs: number) {
  return queryRows<{ address: string; n: number }>(
    tx,
    sql`select coalesce(details->>'address', 'unknown') as address, count(*)::int as n from audit_log
        where action = 'admin_sign_in_failed' and target_account_id = ${adminId}
          and coalesce(details->>'knownBrowser', 'false') = 'false'
          and created_at > now() - ${windowMs} * interval '1 millisecond'
        group by 1 order by n desc, address`,
  );
}

/**
 * Whether an audit row of `action` carries `value` under `detailKey`, as a condition of another module's statement
 * (payouts asks whether its last run's one-time code was finalised).
 */
export const auditRecordedWith = (action: string, detailKey: string, value: SQL) =>
  sql`exists (select 1 from audit_log l where l.action = ${action} and l.details->>${detailKey} = ${value})`;
