import type { Programme } from '@coop/core';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import { refreshTokens, sessions } from '../../db/schema';
import type { Role } from '../../plugins/auth';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';

/** A session lives at most a week from sign-in; refreshing rotates its token but never extends it. */
export const SESSION_SECONDS = 7 * 24 * 3600;

export type RevokeReason =
  | 'sign_out'
  | 'refresh_reuse'
  | 'password_reset'
  | 'password_change'
  | 'role_removed'
  | 'account_suspended'
  | 'account_closed';

/** A new session (one device) with its first refresh token; the token itself is returned once, never stored. */
export async function openSession(tx: Tx, accountId: string, options: { secondFactor?: boolean } = {}) {
  const [session] = await tx
    .insert(sessions)
    .values({
      accountId,
      expiresAt: new Date(Date.now() + SESSION_SECONDS * 1000),
      secondFactorAt: options.secondFactor ? new Date() : null,
    })
    .returning({ id: sessions.id });
  const refresh = newSecretToken();
  await tx.insert(refreshTokens).values({ tokenHash: refresh.hash, sessionId: session!.id });
  return { sessionId: session!.id, refreshToken: refresh.token };
}

export interface SessionAccount {
  id: string;
  programme: Programme;
  role: Role;
  email: string;
  fullName: string;
  referralCode: string;
  tokenVersion: number;
  status: 'active' | 'suspended' | 'closed';
}

export type RotateResult =
  | {
      outcome: 'rotated';
      sessionId: string;
      refreshToken: string;
      account: SessionAccount;
      secondFactor: boolean;
      enrolled: boolean;
    }
  | { outcome: 'unknown' | 'reused' | 'ended' | 'inactive' };

/**
 * Spends a refresh token and issues the next one in the same session. The spend is one conditional update,
 * so of two requests carrying the same token only one can win; a token presented after it was spent means a
 * copy exists somewhere else, and the whole session is ended (refresh token reuse detection).
 */
export async function rotateRefreshToken(
  tx: Tx,
  programme: Programme,
  token: string,
  // Whether the account has a second factor, as the two-factor module says it (auth hands in its condition).
  enrolled: (accountIdSql: SQL) => SQL,
): Promise<RotateResult> {
  const hash = hashSecretToken(token);
  const [found] = await queryRows<
    {
      session_id: string;
      used_at: Date | null;
      revoked_at: Date | null;
      live: boolean;
      second_factor: boolean;
      enrolled: boolean;
    } & AccountRow
  >(
    tx,
    sql`select t.session_id, t.used_at, s.revoked_at, s.expires_at > now() as live, s.second_factor_at is not null as second_factor,
               ${enrolled(sql`a.id`)} as enrolled, ${accountColumns}
        from refresh_tokens t join sessions s on s.id = t.session_id ${sessionAccountJoin}
        where t.token_hash = ${hash} and a.programme = ${programme}`,
  );
  if (!found) return { outcome: 'unknown' };
  if (found.revoked_at || !found.live) return { outcome: 'ended' };
  const spent = await queryRows(
    tx,
    sql`update refresh_tokens set used_at = now() where token_hash = ${hash} and used_at is null returning token_hash`,
  );
  if (spent.length === 0) {
    await revokeSession(tx, found.session_id, 'refresh_reuse');
    return { outcome: 'reused' };
  }
  const account = toSessionAccount(found);
  if (account.status !== 'active') return { outcome: 'inactive' };
  const next = newSecretToken();
  await tx.insert(refreshTokens).values({ tokenHash: next.hash, sessionId: found.session_id });
  return {
    outcome: 'rotated',
    sessionId: found.session_id,
    refreshToken: next.token,
    account,
    secondFactor: found.second_factor,
    enrolled: found.enrolled,
  };
}

/** The session a refresh token belongs to, spent or not (sign-out ends it either way). */
export async function sessionOfRefreshToken(
  tx: Tx,
  programme: Programme,
  token: string,
): Promise<string | null> {
  const [row] = await queryRows<{ session_id: string }>(
    tx,
    sql`select t.session_id from refresh_tokens t join sessions s on s.id = t.session_id ${accountColumnsJoin('a', sql`s.account_id`, ['programme'])}
        where t.token_hash = ${hashSecretToken(token)} and a.programme = ${programme} and s.revoked_at is null`,
  );
  return row?.session_id ?? null;
}

/**
 * The member whose live session a page cookie names (session-cookies.ts), to draw their page with their data; null when
 * the session has ended or expired, the account is not active in this programme, or it is an administrator's (whose
 * pages stay with the browser, behind the second factor).
 */
export async function memberOfPageSession(
  tx: Tx,
  programme: Programme,
  sessionId: string,
): Promise<SessionAccount | null> {
  const [row] = await queryRows<AccountRow>(
    tx,
    sql`select ${accountColumns} from sessions s ${sessionAccountJoin}
        where s.id = ${sessionId} and s.revoked_at is null and s.expires_at > now()
          and a.programme = ${programme} and a.status = 'active' and a.role = 'user'`,
  );
  return row ? toSessionAccount(row) : null;
}

/** This session (its device) just proved the second factor: it may open the administrators' routes. */
export async function markSecondFactorPassed(tx: Tx, sessionId: string) {
  await tx
    .update(sessions)
    .set({ secondFactorAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** When the account `accountIdSql` names last signed in (its newest session), as a column of another module's statement. */
export const lastSignInOf = (accountIdSql: SQL) =>
  sql`(select max(s.created_at) from sessions s where s.account_id = ${accountIdSql})`;

/** Whether the account signed in since `since`, as a condition of another module's statement. */
export const signedInSince = (accountIdSql: SQL, since: Date | string) =>
  sql`exists (select 1 from sessions s where s.account_id = ${accountIdSql} and s.created_at >= ${since})`;

/**
 * The session part of the access check (modules/access), as text for a statement prepared once by name: joins the
 * live session `sessionParam` of the account aliased `accountAlias` as `s`; `secondFactorDue` reads that session.
 */
export const liveSessionText = (accountAlias: string, sessionParam: string) => ({
  join: `join sessions s on s.account_id = ${accountAlias}.id and s.id = ${sessionParam} and s.revoked_at is null and s.expires_at > now()`,
  secondFactorPending: 's.second_factor_at is null',
});

/** Ends one session of one account; false when there was no such live session. */
export async function revokeAccountSession(
  tx: Tx,
  accountId: string,
  sessionId: string,
  reason: RevokeReason,
) {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export async function revokeSession(tx: Tx, sessionId: string, reason: RevokeReason) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of the account, except the one named (the device that asked for the change). */
export async function revokeAccountSessions(
  tx: Tx,
  accountId: string,
  reason: RevokeReason,
  exceptSessionId?: string,
) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

interface AccountRow {
  id: string;
  programme: Programme;
  role: Role;
  email: string;
  full_name: string;
  referral_code: string;
  token_version: number;
  status: SessionAccount['status'];
}
const accountColumns = sql`a.id, a.programme, a.role, a.email, a.full_name, a.referral_code, a.token_version, a.status`;
const sessionAccountJoin = accountColumnsJoin('a', sql`s.account_id`, [
  'id',
  'programme',
  'role',
  'email',
  'full_name',
  'referral_code',
  'token_version',
  'status',
]);

const toSessionAccount = (row: AccountRow): SessionAccount => ({
  id: row.id,
  programme: row.programme,
  role: row.role,
  email: row.email,
  fullName: row.full_name,
  referralCode: row.referral_code,
  tokenVersion: row.token_version,
  status: row.status,
});
