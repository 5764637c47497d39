import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, accountTokens, sessions } from '../../db/schema';
import type { SignedInAccount } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { closureEffectiveAt } from './business-days';
import { enqueueMail, notify } from '../notifications/mail-queue';

/** The link in the mail is valid for three days; only its SHA-256 is stored. */
const TOKEN_HOURS = 72;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function closureStatus(db: Tx, accountId: string) {
  const [row] = await db
    .select({
      requestedAt: accounts.closureRequestedAt,
      confirmedAt: accounts.closureConfirmedAt,
      status: accounts.status,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new HttpError(404, 'Your account no longer exists.');
  return {
    requestedAt: row.requestedAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    effectiveAt: row.confirmedAt ? closureEffectiveAt(row.confirmedAt).toISOString() : null,
    closed: row.status === 'closed',
  };
}

/** Asks for closure: a single-use link by mail. Asking again sends a fresh link and spends the old ones. */
export async function requestClosure(db: Db, account: SignedInAccount) {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ confirmedAt: accounts.closureConfirmedAt })
      .from(accounts)
      .where(eq(accounts.id, account.id))
      .for('update');
    if (row?.confirmedAt) {
      throw new HttpError(
        409,
        `You have already confirmed the closure. It takes effect on ${closureEffectiveAt(row.confirmedAt).toDateString()}.`,
        'closure_confirmed',
      );
    }
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.accountId, account.id),
          eq(accountTokens.purpose, 'close_account'),
          isNull(accountTokens.usedAt),
        ),
      );
    await tx.insert(accountTokens).values({
      accountId: account.id,
      purpose: 'close_account',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TOKEN_HOURS * 3600_000),
    });
    await tx
      .update(accounts)
      .set({ closureRequestedAt: new Date(), updatedAt: new Date() })
      .where(eq(accounts.id, account.id));
    // Queued in this transaction: a mail never names a token that was rolled back.
    await enqueueMail(
      tx,
      account.email,
      { template: 'closure_link', data: { name: account.fullName, programme: account.programme, token } },
      account.id,
    );
  });
}

/** The link from the mail: spends the token and starts the 7 business days. */
export function confirmClosure(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.tokenHash, hashToken(token)),
          eq(accountTokens.purpose, 'close_account'),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, new Date()),
        ),
      )
      .returning({ accountId: accountTokens.accountId });
    if (!spent)
      throw new HttpError(
        400,
        'This confirmation link is not valid or has expired. Ask for a new one from your account.',
        'closure_link_invalid',
      );
    const [account] = await tx
      .update(accounts)
      .set({
        closureConfirmedAt: sql`coalesce(${accounts.closureConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, spent.accountId))
      .returning({ confirmedAt: accounts.closureConfirmedAt });
    await recordAudit(tx, {
      actorAccountId: spent.accountId,
      action: 'closure_confirmed',
      targetAccountId: spent.accountId,
    });
    await notify(tx, spent.accountId, {
      kind: 'closure_confirmed',
      effectiveAt: closureEffectiveAt(account!.confirmedAt!).toISOString(),
    });
    return { effectiveAt: closureEffectiveAt(account!.confirmedAt!) };
  });
}

/**
 * Closes every account whose confirmed closure has come due. Idempotent (only active accounts change), so
 * any number of API instances may run it. A closed account keeps its matrix place and stops earning;
 * its sessions end at once.
 */
export async function closeDueAccounts(db: Db, now: Date) {
  const candidates = await db
    .select({ id: accounts.id, confirmedAt: accounts.closureConfirmedAt })
    .from(accounts)
    .where(and(eq(accounts.status, 'active'), isNotNull(accounts.closureConfirmedAt)));
  const due = candidates.filter((c) => closureEffectiveAt(c.confirmedAt!) <= now);
  for (const account of due) {
    await db.transaction(async (tx) => {
      const [closed] = await tx
        .update(accounts)
        .set({
          status: 'closed',
          closedAt: now,
          tokenVersion: sql`${accounts.tokenVersion} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(accounts.id, account.id), eq(accounts.status, 'active')))
        .returning({ id: accounts.id });
      if (!closed) return;
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokeReason: 'account_closed' })
        .where(and(eq(sessions.accountId, account.id), isNull(sessions.revokedAt)));
      await recordAudit(tx, {
        actorAccountId: null,
        action: 'account_closed',
        targetAccountId: account.id,
        details: { confirmedAt: account.confirmedAt!.toISOString() },
      });
    });
  }
  return due.length;
}
