import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { SignedInAccount } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
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
    throw new HttpError(
      403,
      'You can only change the password of the account you are signed in to.',
      'not_your_account',
    );
  }
  const [row] = await db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, account.id));
  // 400, not 401: a 401 would tell the client its session had ended.
  if (!row || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new HttpError(400, 'Your current password is not correct.', 'wrong_current_password');
  }
  const passwordHash = await hashPassword(input.password, passwordHashCost);
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, account.id));
    await revokeAccountSessions(tx, account.id, 'password_change', account.sessionId);
    await notify(tx, account.id, { kind: 'password_changed', how: 'changed' });
  });
}
