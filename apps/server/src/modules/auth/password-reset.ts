import { DomainError } from '@coop/core';
import type { Programme } from '@coop/core';
import type { Db } from '../../db/client';
import { findAccountByEmail, setPassword } from '../accounts/account-store';
import { hashPassword } from '../../lib/password';
import { enqueueMail, notify } from '../notifications/mail-queue';
import { findLiveMailToken, issueMailToken, spendMailToken } from './mail-tokens';
import { revokeAccountSessions } from '../sessions/sessions';

/** Queues a reset link for the account; false when no account of that programme uses the email (the caller answers the same). */
export async function newResetToken(db: Db, programme: Programme, email: string) {
  return db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, programme, email);
    if (!account || account.status === 'closed') return false;
    const token = await issueMailToken(tx, account.id, 'reset_password');
    await enqueueMail(
      tx,
      account.email,
      { template: 'reset_password', data: { name: account.fullName, programme: account.programme, token } },
      account.id,
    );
    return true;
  });
}

const invalidLink = () =>
  new DomainError('invalid_token', 'This reset link is not valid or has expired. Ask for a new one.');

/**
 * Sets the new password with the mailed token. The token must be live, of this programme, and (when the form
 * sends an email) of that email; otherwise nothing changes, the token included. A reset ends every session
 * and every access token of the account (token version), since whoever held them may be the reason for it.
 */
export async function resetPassword(
  db: Db,
  programme: Programme,
  input: { token: string; password: string; email?: string },
  passwordHashCost: number,
) {
  const passwordHash = await hashPassword(input.password, passwordHashCost);
  return db.transaction(async (tx) => {
    const live = await findLiveMailToken(tx, input.token, 'reset_password');
    if (!live || live.programme !== programme) throw invalidLink();
    if (input.email !== undefined && input.email !== live.email) {
      throw new DomainError(
        'token_email_mismatch',
        'This reset link was sent for another email address. Use the link from your own mail.',
      );
    }
    await spendMailToken(tx, live.tokenId);
    // Following the mailed link also proves the address is the person's own.
    await setPassword(tx, live.accountId, passwordHash, { endAccessTokens: true, confirmEmail: true });
    await revokeAccountSessions(tx, live.accountId, 'password_reset');
    await notify(tx, live.accountId, { kind: 'password_changed', how: 'reset' });
  });
}
