import { DomainError } from '@coop/core';
import type { Programme } from '@coop/core';
import type { Db } from '../../db/client';
import { confirmAccountEmail, findAccountByEmail } from '../accounts/account-store';
import { enqueueMail } from '../notifications/mail-queue';
import { findLiveMailToken, issueMailToken, spendMailToken } from './mail-tokens';

/** Spends the confirmation link's token and marks the email confirmed; answers the programme so the client can offer its sign-in. */
export async function confirmEmail(db: Db, token: string): Promise<{ programme: Programme }> {
  return db.transaction(async (tx) => {
    const live = await findLiveMailToken(tx, token, 'confirm_email');
    if (!live)
      throw new DomainError(
        'invalid_token',
        'This confirmation link is not valid or has expired. Sign in to ask for a new one.',
      );
    await spendMailToken(tx, live.tokenId);
    await confirmAccountEmail(tx, live.accountId);
    return { programme: live.programme };
  });
}

/** Queues a new confirmation link for an unconfirmed account; false when there is none (unknown or already confirmed). */
export async function newConfirmationToken(db: Db, programme: Programme, email: string) {
  return db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, programme, email);
    if (!account || account.emailConfirmedAt) return false;
    const token = await issueMailToken(tx, account.id, 'confirm_email');
    await enqueueMail(
      tx,
      account.email,
      { template: 'confirm_email', data: { name: account.fullName, programme: account.programme, token } },
      account.id,
    );
    return true;
  });
}
