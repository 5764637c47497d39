import type { Programme } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * The store of email_changes: a corrected email waits here for its new address to confirm the mailed link; the
 * account keeps its old email until then. Only the token's hash is kept.
 */

/** Opens a change, ending the open one before it: only the latest link works. */
export async function openEmailChange(
  tx: Tx,
  change: {
    accountId: string;
    oldEmail: string;
    newEmail: string;
    tokenHash: string;
    requestedBy: string;
    reason: string;
    hours: number;
  },
) {
  await tx.execute(
    sql`update email_changes set cancelled_at = now() where account_id = ${change.accountId} and confirmed_at is null and cancelled_at is null`,
  );
  await tx.execute(
    sql`insert into email_changes (account_id, old_email, new_email, token_hash, requested_by, reason, expires_at)
        values (${change.accountId}, ${change.oldEmail}, ${change.newEmail}, ${change.tokenHash}, ${change.requestedBy}, ${change.reason}, now() + make_interval(hours => ${change.hours}))`,
  );
}

export interface OpenEmailChange {
  id: string;
  accountId: string;
  oldEmail: string;
  newEmail: string;
  programme: Programme;
}

/** The open, unexpired change a link's token names, locked (with its account) for the caller's transaction. */
export async function lockOpenEmailChange(tx: Tx, tokenHash: string): Promise<OpenEmailChange | null> {
  const [row] = await queryRows<{
    id: string;
    account_id: string;
    old_email: string;
    new_email: string;
    programme: Programme;
  }>(
    tx,
    sql`select e.id, e.account_id, e.old_email, e.new_email, a.programme from email_changes e join accounts a on a.id = e.account_id
        where e.token_hash = ${tokenHash} and e.confirmed_at is null and e.cancelled_at is null and e.expires_at > now()
        for update of e`,
  );
  if (!row) return null;
  await tx.execute(sql`select id from accounts where id = ${row.account_id} for update`);
  return {
    id: row.id,
    accountId: row.account_id,
    oldEmail: row.old_email,
    newEmail: row.new_email,
    programme: row.programme,
  };
}

/** The account takes the new email, confirmed (the link reached it), and the change is closed. */
export async function completeEmailChange(tx: Tx, change: OpenEmailChange) {
  await tx.execute(
    sql`update accounts set email = ${change.newEmail}, email_confirmed_at = now(), updated_at = now() where id = ${change.accountId}`,
  );
  await tx.execute(sql`update email_changes set confirmed_at = now() where id = ${change.id}`);
}

/**
 * `left join lateral (the open, unexpired change of the account: new_email, created_at, expires_at) <alias> on true`,
 * for a statement that shows an account with the email waiting for its link.
 */
export function pendingEmailChangeJoin(alias: string, accountId: SQL): SQL {
  return sql`left join lateral (select e.new_email, e.created_at, e.expires_at from email_changes e
    where e.account_id = ${accountId} and e.confirmed_at is null and e.cancelled_at is null and e.expires_at > now()) ${sql.identifier(alias)} on true`;
}
