import type { Programme } from '@coop/core';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts } from '../../db/schema';

/**
 * The account's fields the privacy module reads and sets (decision 0048): the member's ask for erasure, the
 * operator's legal hold, the privacy notice accepted, the details the member corrects, and the accounts an address
 * names in the registers. The accounts table is named here, not in privacy.
 */

/** When the member asked for erasure, or null; undefined when there is no such account. */
export async function erasureRequestedAt(db: Tx, accountId: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ at: accounts.erasureRequestedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ? row.at : undefined;
}

/** Marks the member's ask for erasure, keeping the first date; null when there is no such account. */
export async function markErasureRequested(tx: Tx, accountId: string): Promise<Date | null> {
  const [row] = await tx
    .update(accounts)
    .set({ erasureRequestedAt: sql`coalesce(${accounts.erasureRequestedAt}, now())` })
    .where(eq(accounts.id, accountId))
    .returning({ at: accounts.erasureRequestedAt });
  return row?.at ?? null;
}

/** Sets or lifts (null) the legal hold; false when there is no such account. */
export async function setLegalHoldReason(tx: Tx, accountId: string, reason: string | null) {
  const changed = await tx
    .update(accounts)
    .set({ legalHoldReason: reason })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return changed.length > 0;
}

/** Closed accounts and any whose member asked for erasure, newest closure first (at most 200). */
export function erasureCandidates(db: Tx) {
  return queryRows<{
    id: string;
    programme: Programme;
    full_name: string;
    email: string;
    erasure_requested_at: string | Date | null;
    legal_hold_reason: string | null;
  }>(
    db,
    sql`select id, programme, full_name, email, erasure_requested_at, legal_hold_reason from accounts
        where status = 'closed' or erasure_requested_at is not null
        order by coalesce(closed_at, erasure_requested_at) desc limit 200`,
  );
}

/** The member's name, phone, address and email, and a new email still waiting for its link; null without account. */
export async function correctableDetails(db: Tx, accountId: string) {
  const [row] = await queryRows<{
    full_name: string;
    phone: string;
    address: string;
    email: string;
    pending: string | null;
  }>(
    db,
    sql`select a.full_name, a.phone, a.address, a.email,
          (select new_email from email_changes e where e.account_id = a.id and e.confirmed_at is null and e.cancelled_at is null and e.expires_at > now()
           order by e.id desc limit 1) as pending
        from accounts a where a.id = ${accountId}`,
  );
  return row ?? null;
}

/** The privacy notice version the member accepted last, or null. */
export async function acceptedPrivacyNotice(db: Tx, accountId: string): Promise<string | null> {
  const [row] = await queryRows<{ privacy_notice_version: string | null }>(
    db,
    sql`select privacy_notice_version from accounts where id = ${accountId}`,
  );
  return row?.privacy_notice_version ?? null;
}

export async function acceptPrivacyNotice(tx: Tx, accountId: string, version: string) {
  await tx.execute(
    sql`update accounts set privacy_notice_version = ${version}, privacy_notice_accepted_at = now() where id = ${accountId}`,
  );
}

/** The ids of the accounts using this email, the main programme's first (at most two: one per programme). */
export async function accountIdsByEmail(db: Tx, email: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from accounts where email = ${email} order by programme limit 2`,
  );
  return rows.map((r) => r.id);
}

/** The members (not administrators, not erased) using any of these emails, in either programme. */
export function membersByEmails(db: Tx, emails: readonly string[]) {
  return queryRows<{ id: string; email: string; full_name: string; programme: Programme }>(
    db,
    sql`select id, email, full_name, programme from accounts where erased_at is null and role = 'user'
        and email in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})`,
  );
}
