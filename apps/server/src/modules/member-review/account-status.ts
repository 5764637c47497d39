import {
  closureMoneyText,
  SUSPENSION_REASON_TEXT,
  type ClosureReason,
  type SuspensionReason,
  DomainError,
} from '@coop/core';
import type { Tx } from '../../db/client';
import { findAccount, lockAccount } from '../accounts/account-store';
import { changeAccountStatus, latestSuspensionReason } from '../accounts/status-changes';
import { recordAudit } from '../audit/record-audit';
import { revokeAccountSessions } from '../sessions/sessions';
import { notify } from '../notifications/mail-queue';

type Status = 'active' | 'suspended' | 'closed';

/**
 * An administrator's account changes who can approve, so one administrator never suspends, reinstates or closes it
 * alone (decision 0038): the way is the removal under Administrators, which a second administrator approves or which
 * takes effect after its notice, or the owner's `npm run admin:revoke`.
 */
export const administratorAccount = () =>
  new DomainError(
    'account_is_admin',
    'This account is an administrator. One administrator cannot suspend or close it: ask for its removal under Make User Admin (Administrators), which another administrator approves or which takes effect after the notice.',
  );

async function refuseAdministrator(tx: Tx, accountId: string) {
  const row = await lockAccount(tx, accountId);
  if (row?.role === 'admin') throw administratorAccount();
}

/**
 * Moves an account from one status to another in the caller's transaction: the status, a row of its history
 * and the audit entry commit together. The update names the status it expects, so two administrators acting
 * at once cannot both succeed.
 */
async function changeStatus(
  tx: Tx,
  input: {
    accountId: string;
    actorAccountId: string;
    from: Status;
    to: Status;
    reason: string;
    note: string;
    action: string;
  },
  options: { endAccessTokens?: boolean } = {},
) {
  const changed = await changeAccountStatus(
    tx,
    {
      accountId: input.accountId,
      from: input.from,
      to: input.to,
      reason: input.reason,
      note: input.note,
      actorAccountId: input.actorAccountId,
    },
    options,
  );
  if (!changed) {
    const row = await findAccount(tx, input.accountId);
    if (!row) throw new DomainError('account_unknown', 'No such account.');
    const verb = { suspended: 'suspended', active: 'reinstated', closed: 'closed' }[input.to];
    throw new DomainError('status_conflict', `This account is ${row.status}, so it cannot be ${verb}.`);
  }
  await recordAudit(tx, {
    actorAccountId: input.actorAccountId,
    action: input.action,
    targetAccountId: input.accountId,
    details: { reason: input.reason, note: input.note },
  });
}

/** Suspends an account: it keeps its place in the matrix, every session ends now, and it earns and is paid nothing until reinstated. */
export async function suspendAccount(
  tx: Tx,
  input: { accountId: string; actorAccountId: string; reason: SuspensionReason; note: string },
) {
  if (input.accountId === input.actorAccountId)
    throw new DomainError('own_account', 'You cannot suspend your own account.');
  await refuseAdministrator(tx, input.accountId);
  await changeStatus(tx, { ...input, from: 'active', to: 'suspended', action: 'account_suspended' });
  await revokeAccountSessions(tx, input.accountId, 'account_suspended');
  // A security mail, always sent: the member learns at once, with the reason, and where to write.
  await notify(tx, input.accountId, {
    kind: 'account_suspended',
    reason: SUSPENSION_REASON_TEXT[input.reason],
  });
}

export async function reinstateAccount(
  tx: Tx,
  input: { accountId: string; actorAccountId: string; note: string },
) {
  await refuseAdministrator(tx, input.accountId);
  await changeStatus(tx, {
    ...input,
    from: 'suspended',
    to: 'active',
    reason: 'reinstated',
    action: 'account_reinstated',
  });
  await notify(tx, input.accountId, { kind: 'account_reinstated' });
}

/**
 * Closes an account for one of the terms' reasons, as a second administrator approved it: it keeps its place in the
 * matrix and earns nothing more, every session ends, and the member is mailed the reason and what happens to the
 * money (paid on the next run, or held for unfair use and a legal request: CLOSURE_HOLDS_MONEY in the core).
 */
export async function closeAccount(
  tx: Tx,
  input: { accountId: string; actorAccountId: string; reason: ClosureReason; note: string },
) {
  const row = await lockAccount(tx, input.accountId);
  if (!row) throw new DomainError('account_unknown', 'No such account.');
  if (row.role === 'admin') throw administratorAccount();
  if (row.status === 'closed') throw new DomainError('status_conflict', 'This account is already closed.');
  await changeStatus(
    tx,
    { ...input, from: row.status, to: 'closed', action: 'account_closed' },
    { endAccessTokens: true },
  );
  await revokeAccountSessions(tx, input.accountId, 'account_closed');
  await notify(tx, input.accountId, {
    kind: 'account_closed',
    reason: SUSPENSION_REASON_TEXT[input.reason],
    money: closureMoneyText(input.reason),
  });
}

/** The sign-in answer of an account that is not active: why, and where to write. */
export async function inactiveAccountMessage(
  db: Tx,
  account: { id: string; status: Status },
  supportEmail: string,
) {
  if (account.status === 'closed')
    return `This account is closed. If you think this is a mistake, write to ${supportEmail}.`;
  const latest = await latestSuspensionReason(db, account.id);
  const why =
    latest !== null && latest in SUSPENSION_REASON_TEXT
      ? ` because of ${SUSPENSION_REASON_TEXT[latest as SuspensionReason]}`
      : '';
  return `Your account is suspended${why}, so you cannot sign in. Your place in the matrix is kept. To ask about it or to be reinstated, write to ${supportEmail}.`;
}
