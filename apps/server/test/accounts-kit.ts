import type { Programme } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { accounts, sessions } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { newReferralCode } from '../src/lib/referral-code';
import { signAccessToken } from '../src/plugins/auth';

/**
 * One real scrypt hash per password and cost for the whole file (the product's hashPassword at the app's cost):
 * accounts written directly do not each pay for a hash. Sign-ups and password changes still hash.
 */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string, cost: number) => {
  const key = `${cost}:${password}`;
  let hash = hashes.get(key);
  if (!hash) hashes.set(key, (hash = hashPassword(password, cost)));
  return hash;
};

/**
 * For API tests of areas other than sign-up and login: a confirmed account written directly, and a real
 * session with a real access token, so each suite can call private routes through the real auth hook.
 */
export async function createTestAccount(
  app: App,
  options: { programme?: Programme; email?: string; password?: string; fullName?: string; role?: 'user' | 'admin'; sponsorAccountId?: string | null } = {},
) {
  const programme = options.programme ?? 'main';
  const email = (options.email ?? `${randomUUID().slice(0, 12)}@example.com`).toLowerCase();
  const [row] = await app.db
    .insert(accounts)
    .values({
      programme,
      email,
      fullName: options.fullName ?? 'Test Member',
      phone: '08030000000',
      address: '1 Marina, Lagos',
      passwordHash: await hashOf(options.password ?? 'a good password', app.config.passwordHashCost),
      role: options.role ?? 'user',
      referralCode: newReferralCode(),
      sponsorAccountId: options.sponsorAccountId ?? null,
      emailConfirmedAt: new Date(),
    })
    .returning();
  return row!;
}

/** A live session for the account and the `authorization` header that carries its access token. */
export async function signInAs(app: App, accountId: string) {
  const [account] = await queryRows<{ programme: Programme; role: 'user' | 'admin'; token_version: number }>(
    app.db,
    sql`select programme, role, token_version from accounts where id = ${accountId}`,
  );
  const [session] = await app.db
    .insert(sessions)
    .values({ accountId, expiresAt: new Date(Date.now() + 24 * 3600_000) })
    .returning({ id: sessions.id });
  const { token } = await signAccessToken(app.config, {
    accountId,
    programme: account!.programme,
    role: account!.role,
    tokenVersion: account!.token_version,
    sessionId: session!.id,
  });
  return { authorization: `Bearer ${token}` };
}
