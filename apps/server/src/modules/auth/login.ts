import { DomainError } from '@coop/core';
import type { Programme } from '@coop/core';
import type { Db } from '../../db/client';
import { findAccountByEmail } from '../accounts/account-store';
import { verifyAgainstNothing, verifyPassword } from '../../lib/password';
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
  const row = await findAccountByEmail(db, input.programme, input.email);
  const valid = row
    ? await verifyPassword(input.password, row.passwordHash)
    : await verifyAgainstNothing(input.password, input.passwordHashCost);
  if (!row || !valid) throw new DomainError('wrong_credentials', WRONG_CREDENTIALS);
  if (input.adminOnly && row.role !== 'admin')
    throw new DomainError('not_admin', 'This needs an administrator account.');
  if (row.status !== 'active')
    throw new DomainError('account_inactive', await inactiveAccountMessage(db, row, input.supportEmail));
  if (!row.emailConfirmedAt) {
    throw new DomainError(
      'email_unconfirmed',
      'Please confirm your email address first: open the link in the mail we sent you. No mail? Ask us to send the link again.',
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
