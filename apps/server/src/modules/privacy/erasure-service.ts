import { type Programme } from '@coop/core';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { erasureState } from './erasure-state';
import { enterPlatformRequest } from './request-register';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function erasureRequestOf(db: Tx, accountId: string) {
  const [row] = await db
    .select({ at: accounts.erasureRequestedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { requestedAt: iso(row?.at ?? null) };
}

/** The member's own ask, kept with its first date; erasure itself waits for the closure and the operator. */
export async function requestErasure(db: Db, accountId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({ erasureRequestedAt: sql`coalesce(${accounts.erasureRequestedAt}, now())` })
      .where(eq(accounts.id, accountId))
      .returning({ at: accounts.erasureRequestedAt });
    if (!row?.at) throw new HttpError(404, 'Your account no longer exists.');
    await recordAudit(tx, {
      actorAccountId: accountId,
      action: 'erasure_requested',
      targetAccountId: accountId,
    });
    // Asking again is the same request: the register holds it once, open until the erasure is carried out.
    const [open] = await queryRows(
      tx,
      sql`select id from privacy_requests where account_id = ${accountId} and kind = 'erasure' and status in ('received', 'in_progress')`,
    );
    if (!open)
      await enterPlatformRequest(tx, {
        accountId,
        kind: 'erasure',
        details: 'Asked from Close Account: erase my personal data once the account is closed',
        status: 'received',
      });
    return row.at;
  });
}

export async function setLegalHold(tx: Tx, accountId: string, reason: string | null) {
  const changed = await tx
    .update(accounts)
    .set({ legalHoldReason: reason })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return changed.length > 0;
}

/** Closed accounts (and any whose member asked), newest closure first, each with where it stands. */
export async function erasureList(db: Tx, now: Date, closedAccountYears: number) {
  const rows = await queryRows<{
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
  const items = [];
  for (const r of rows) {
    const state = (await erasureState(db, r.id, now, closedAccountYears))!;
    items.push({
      accountId: r.id,
      programme: r.programme,
      fullName: r.full_name,
      email: state.status === 'erased' ? '' : r.email,
      status: state.status,
      closedAt: iso(state.closedAt),
      dueBecause: state.dueBecause,
      retentionEndsAt: iso(state.retentionEndsAt),
      erasureRequestedAt: iso(r.erasure_requested_at),
      legalHoldReason: r.legal_hold_reason,
      blockers: state.blockers,
    });
  }
  return items;
}
