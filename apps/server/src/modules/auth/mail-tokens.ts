import type { Programme } from '@coop/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import { accountTokens } from '../../db/schema';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';

export type MailTokenPurpose = 'confirm_email' | 'reset_password' | 'close_account';

/** How long a mailed link works: a reset link for an hour, a confirmation link for two days, a closure link for three. */
export const MAIL_TOKEN_SECONDS: Record<MailTokenPurpose, number> = {
  confirm_email: 48 * 3600,
  reset_password: 3600,
  close_account: 72 * 3600,
};

/** A new single-use link token; earlier unused ones of the same purpose stop working, so only the latest mail counts. */
export async function issueMailToken(tx: Tx, accountId: string, purpose: MailTokenPurpose): Promise<string> {
  await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  const { token, hash } = newSecretToken();
  await tx.insert(accountTokens).values({
    accountId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + MAIL_TOKEN_SECONDS[purpose] * 1000),
  });
  return token;
}

export interface LiveMailToken {
  tokenId: string;
  accountId: string;
  programme: Programme;
  email: string;
}

/**
 * Finds an unused, unexpired token and locks its row, so the caller can check it against the request before
 * spending it: a token that does not fit (another account's email, the other programme) is left untouched.
 */
export async function findLiveMailToken(
  tx: Tx,
  token: string,
  purpose: MailTokenPurpose,
): Promise<LiveMailToken | null> {
  const [row] = await queryRows<{ id: string; account_id: string; programme: Programme; email: string }>(
    tx,
    sql`select t.id, t.account_id, a.programme, a.email
        from account_tokens t ${accountColumnsJoin('a', sql`t.account_id`, ['programme', 'email'])}
        where t.token_hash = ${hashSecretToken(token)} and t.purpose = ${purpose} and t.used_at is null and t.expires_at > now()
        for update of t`,
  );
  return row
    ? { tokenId: row.id, accountId: row.account_id, programme: row.programme, email: row.email }
    : null;
}

/**
 * Spends an unused, unexpired token in one conditional update and answers whose it was; null when no such token
 * (of two requests with the same link, one wins). For links that need no check before spending (closure).
 */
export async function spendLiveMailToken(
  tx: Tx,
  token: string,
  purpose: MailTokenPurpose,
): Promise<{ accountId: string } | null> {
  const [spent] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashSecretToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
      ),
    )
    .returning({ accountId: accountTokens.accountId });
  return spent ?? null;
}

export async function spendMailToken(tx: Tx, tokenId: string) {
  await tx.update(accountTokens).set({ usedAt: new Date() }).where(eq(accountTokens.id, tokenId));
}
