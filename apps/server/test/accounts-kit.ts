import type { Programme } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import type { SecretKeys } from '../src/config-rules';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { accounts, sessions } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { newReferralCode } from '../src/lib/referral-code';
import { sealSecret } from '../src/lib/secret-box';
import { newTotpSecret } from '../src/modules/two-factor/totp';
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
  options: {
    programme?: Programme;
    email?: string;
    password?: string;
    fullName?: string;
    role?: 'user' | 'admin';
    sponsorAccountId?: string | null;
    /** An administrator who enrolled an authenticator app: the only kind whose approval counts (decision 0038). */
    secondFactor?: boolean;
  } = {},
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
  if (options.secondFactor) await enrolSecondFactor(app, row!.id);
  return row!;
}

/**
 * The administrator set up two-factor sign-in, as the Two-factor sign-in page leaves it: a sealed secret, confirmed.
 * Answers the secret, for a test that signs in with a code. Sessions the kit opens for them then count as passed.
 */
export async function enrolSecondFactor(app: App, accountId: string) {
  const secret = newTotpSecret();
  await app.db.execute(
    sql`insert into admin_two_factor (account_id, secret, confirmed_at) values (${accountId}, ${sealSecret(app.config.totpKeys, accountId, secret)}, now())`,
  );
  return secret;
}

/** The same for the Main administrator with this email, with a secret the caller's authenticator holds (the browser tests'). */
export async function enrolSecondFactorByEmail(db: Db, keys: SecretKeys, email: string, secret: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from accounts where programme = 'main' and role = 'admin' and email = ${email}`,
  );
  if (!row) throw new Error(`${email} is not an administrator`);
  await db.execute(
    sql`insert into admin_two_factor (account_id, secret, confirmed_at) values (${row.id}, ${sealSecret(keys, row.id, secret)}, now()) on conflict (account_id) do nothing`,
  );
}

/** A live session for the account and the `authorization` header that carries its access token. */
export async function signInAs(app: App, accountId: string) {
  const [account] = await queryRows<{
    programme: Programme;
    role: 'user' | 'admin';
    token_version: number;
    enrolled: boolean;
  }>(
    app.db,
    sql`select programme, role, token_version, exists (select 1 from admin_two_factor f where f.account_id = a.id and f.confirmed_at is not null) as enrolled
        from accounts a where id = ${accountId}`,
  );
  // An enrolled administrator's session is one that passed the code, as their real sign-in would be.
  const [session] = await app.db
    .insert(sessions)
    .values({
      accountId,
      expiresAt: new Date(Date.now() + 24 * 3600_000),
      secondFactorAt: account!.enrolled ? new Date() : null,
    })
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
