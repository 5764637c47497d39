import { DomainError } from '@coop/core';
import type { Db, Tx } from '../../db/client';
import {
  closeOnMembersRequest,
  closureOf,
  confirmedClosures,
  markClosureConfirmed,
  markClosureRequested,
} from '../accounts/account-closure';
import type { SignedInAccount } from '../../plugins/auth';
import { recordAudit } from '../audit/record-audit';
import { issueMailToken, spendLiveMailToken } from '../auth/mail-tokens';
import { revokeAccountSessions } from '../sessions/sessions';
import { closureEffectiveAt } from './business-days';
import { enqueueMail, notify } from '../notifications/mail-queue';

export async function closureStatus(db: Tx, accountId: string) {
  const row = await closureOf(db, accountId);
  if (!row) throw new DomainError('account_gone', 'Your account no longer exists.');
  return {
    requestedAt: row.requestedAt?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    effectiveAt: row.confirmedAt ? closureEffectiveAt(row.confirmedAt).toISOString() : null,
    closed: row.status === 'closed',
  };
}

/** Asks for closure: a single-use link by mail. Asking again sends a fresh link and spends the old ones. */
export async function requestClosure(db: Db, account: SignedInAccount) {
  await db.transaction(async (tx) => {
    const row = await closureOf(tx, account.id, { lock: true });
    if (row?.confirmedAt) {
      throw new DomainError(
        'closure_confirmed',
        `You have already confirmed the closure. It takes effect on ${closureEffectiveAt(row.confirmedAt).toDateString()}.`,
      );
    }
    // A fresh link spends the earlier ones (auth owns the mailed links: valid three days, only the hash stored).
    const token = await issueMailToken(tx, account.id, 'close_account');
    await markClosureRequested(tx, account.id);
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
    const spent = await spendLiveMailToken(tx, token, 'close_account');
    if (!spent)
      throw new DomainError(
        'closure_link_invalid',
        'This confirmation link is not valid or has expired. Ask for a new one from your account.',
      );
    const confirmedAt = await markClosureConfirmed(tx, spent.accountId);
    await recordAudit(tx, {
      actorAccountId: spent.accountId,
      action: 'closure_confirmed',
      targetAccountId: spent.accountId,
    });
    await notify(tx, spent.accountId, {
      kind: 'closure_confirmed',
      effectiveAt: closureEffectiveAt(confirmedAt!).toISOString(),
    });
    return { effectiveAt: closureEffectiveAt(confirmedAt!) };
  });
}

/**
 * Closes every account whose confirmed closure has come due. Idempotent (only active accounts change), so
 * any number of API instances may run it. A closed account keeps its matrix place and stops earning;
 * its sessions end at once.
 */
export async function closeDueAccounts(db: Db, now: Date) {
  const candidates = await confirmedClosures(db);
  const due = candidates.filter((c) => closureEffectiveAt(c.confirmedAt!) <= now);
  for (const account of due) {
    await db.transaction(async (tx) => {
      if (!(await closeOnMembersRequest(tx, account.id, now))) return;
      await revokeAccountSessions(tx, account.id, 'account_closed');
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
