import { DomainError } from '@coop/core';
import type { Db } from '../../db/client';
import { findAccount, setPassword } from '../accounts/account-store';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { SignedInAccount } from '../../plugins/auth';
import { notify } from '../notifications/mail-queue';
import { revokeAccountSessions } from '../sessions/sessions';

/**
 * Changes the signed-in account's password after checking the current one. Every other session ends at once
 * (the auth hook checks the session on each call); the token version is left alone so this device stays signed in.
 */
export async function updatePassword(
  db: Db,
  account: SignedInAccount,
  input: { currentPassword: string; password: string; email?: string },
  passwordHashCost: number,
) {
  if (input.email !== undefined && input.email !== '' && input.email !== account.email) {
    throw new DomainError(
      'not_your_account',
      'You can only change the password of the account you are signed in to.',
    );
  }
  const row = await findAccount(db, account.id);
  // 400, not 401: a 401 would tell the client its session had ended.
  if (!row || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new DomainError('wrong_current_password', 'Your current password is not correct.');
  }
  const passwordHash = await hashPassword(input.password, passwordHashCost);
  await db.transaction(async (tx) => {
    await setPassword(tx, account.id, passwordHash);
    await revokeAccountSessions(tx, account.id, 'password_change', account.sessionId);
    await notify(tx, account.id, { kind: 'password_changed', how: 'changed' });
  });
}
