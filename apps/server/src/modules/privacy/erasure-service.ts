import { DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  erasureCandidates,
  erasureRequestedAt,
  markErasureRequested,
  setLegalHoldReason,
} from '../accounts/privacy-fields';
import { recordAudit } from '../audit/record-audit';
import { erasureState } from './erasure-state';
import { enterPlatformRequest } from './request-register';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function erasureRequestOf(db: Tx, accountId: string) {
  return { requestedAt: iso((await erasureRequestedAt(db, accountId)) ?? null) };
}

/** The member's own ask, kept with its first date; erasure itself waits for the closure and the operator. */
export async function requestErasure(db: Db, accountId: string) {
  return db.transaction(async (tx) => {
    const at = await markErasureRequested(tx, accountId);
    if (!at) throw new DomainError('account_gone', 'Your account no longer exists.');
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
    return at;
  });
}

/** Sets or lifts (null) the legal hold that defers erasure; false when there is no such member. */
export const setLegalHold = (tx: Tx, accountId: string, reason: string | null) =>
  setLegalHoldReason(tx, accountId, reason);

/** Closed accounts (and any whose member asked), newest closure first, each with where it stands. */
export async function erasureList(db: Tx, now: Date, closedAccountYears: number) {
  const rows = await erasureCandidates(db);
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
