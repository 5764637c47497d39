import type { Programme } from '@coop/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { enqueueMail } from '../notifications/mail-queue';
import { findLiveMailToken, issueMailToken, spendMailToken } from './mail-tokens';

/** Spends the confirmation link's token and marks the email confirmed; answers the programme so the client can offer its sign-in. */
export async function confirmEmail(db: Db, token: string): Promise<{ programme: Programme }> {
  return db.transaction(async (tx) => {
    const live = await findLiveMailToken(tx, token, 'confirm_email');
    if (!live)
      throw new HttpError(
        400,
        'This confirmation link is not valid or has expired. Sign in to ask for a new one.',
        'invalid_token',
      );
    await spendMailToken(tx, live.tokenId);
    await tx
      .update(accounts)
      .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(accounts.id, live.accountId), isNull(accounts.emailConfirmedAt)));
    return { programme: live.programme };
  });
}

/** Queues a new confirmation link for an unconfirmed account; false when there is none (unknown or already confirmed). */
export async function newConfirmationToken(db: Db, programme: Programme, email: string) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({
        id: accounts.id,
        email: accounts.email,
        fullName: accounts.fullName,
        programme: accounts.programme,
      })
      .from(accounts)
      .where(
        and(eq(accounts.programme, programme), eq(accounts.email, email), isNull(accounts.emailConfirmedAt)),
      );
    if (!account) return false;
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
