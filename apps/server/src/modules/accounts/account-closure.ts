import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts } from '../../db/schema';

/** The member's own closure, as the accounts table keeps it: asked, confirmed from the mail, done. */

export async function closureOf(db: Tx, accountId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      requestedAt: accounts.closureRequestedAt,
      confirmedAt: accounts.closureConfirmedAt,
      status: accounts.status,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

export async function markClosureRequested(tx: Tx, accountId: string) {
  await tx
    .update(accounts)
    .set({ closureRequestedAt: new Date(), updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
}

/** Confirms the closure, once (a second confirmation keeps the first date); answers when it was confirmed. */
export async function markClosureConfirmed(tx: Tx, accountId: string): Promise<Date | null> {
  const [row] = await tx
    .update(accounts)
    .set({
      closureConfirmedAt: sql`coalesce(${accounts.closureConfirmedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, accountId))
    .returning({ confirmedAt: accounts.closureConfirmedAt });
  return row?.confirmedAt ?? null;
}

/** Active accounts whose member confirmed a closure: the caller decides which are due. */
export function confirmedClosures(db: Tx) {
  return db
    .select({ id: accounts.id, confirmedAt: accounts.closureConfirmedAt })
    .from(accounts)
    .where(and(eq(accounts.status, 'active'), isNotNull(accounts.closureConfirmedAt)));
}

/**
 * Closes an active account at the member's own request, at `closedAt`; every access token stops working. False when
 * it was not active any more (another instance closed it first).
 */
export async function closeOnMembersRequest(tx: Tx, accountId: string, closedAt: Date): Promise<boolean> {
  const [closed] = await tx
    .update(accounts)
    .set({
      status: 'closed',
      closedAt,
      tokenVersion: sql`${accounts.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(accounts.id, accountId), eq(accounts.status, 'active')))
    .returning({ id: accounts.id });
  return closed !== undefined;
}
