import type { Programme } from '@coop/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { verifyAgainstNothing, verifyPassword } from '../../lib/password';
import { HttpError } from '../../plugins/errors';
import { inactiveAccountMessage } from '../member-review/account-status';
import type { SessionAccount } from '../sessions/sessions';

export const WRONG_CREDENTIALS = 'The email or password is not correct.';

/**
 * Checks the password first and only then says anything about the account (unconfirmed, suspended, not an
 * administrator), so nobody learns whether an email is registered without its password.
 */
/** The password step of a sign-in, without a session: an administrator's second factor may still be due. */
export async function checkCredentials(
  db: Db,
  input: {
    programme: Programme;
    email: string;
    password: string;
    adminOnly?: boolean;
    supportEmail: string;
    passwordHashCost: number;
  },
): Promise<SessionAccount> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.programme, input.programme), eq(accounts.email, input.email)));
  const valid = row
    ? await verifyPassword(input.password, row.passwordHash)
    : await verifyAgainstNothing(input.password, input.passwordHashCost);
  if (!row || !valid) throw new HttpError(401, WRONG_CREDENTIALS, 'wrong_credentials');
  if (input.adminOnly && row.role !== 'admin')
    throw new HttpError(403, 'This needs an administrator account.', 'not_admin');
  if (row.status !== 'active')
    throw new HttpError(403, await inactiveAccountMessage(db, row, input.supportEmail), 'account_inactive');
  if (!row.emailConfirmedAt) {
    throw new HttpError(
      403,
      'Please confirm your email address first: open the link in the mail we sent you. No mail? Ask us to send the link again.',
      'email_unconfirmed',
    );
  }
  return {
    id: row.id,
    programme: row.programme,
    role: row.role,
    email: row.email,
    fullName: row.fullName,
    referralCode: row.referralCode,
    tokenVersion: row.tokenVersion,
    status: row.status,
  };
}
