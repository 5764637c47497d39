import { generate } from 'otplib';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { createTestAccount } from './accounts-kit';
import { useTestApp } from './app';
import {
  bearer,
  cookieName,
  forgotPath,
  logIn,
  mailsTo,
  refreshCookieOf,
  resetPath,
  someAddress,
  tokenOf,
} from './auth-kit';
import { describeEachDatabase } from './databases';

const ADMIN_LOGIN = '/api/admin/adminLogin';
const PASSWORD = 'admin password 1';
// A code of the next 30-second step: still inside the accepted window, and newer than the one just used.
const codeAt = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

const post = (
  app: App,
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url, payload, headers, remoteAddress: someAddress() });
const refresh = (app: App, cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { programme: 'main' },
    cookies: { [cookieName.main]: cookie },
  });

describeEachDatabase(
  'administrators’ two-factor sign-in (optional: once enrolled, always needed)',
  (database) => {
    const ctx = useTestApp(database);

    it('enrols with a code from the secret, then signs in only with a code; a used code, a spent recovery code and an old session cannot get in', async () => {
      const admin = await createTestAccount(ctx.app, { role: 'admin', password: PASSWORD });
      const before = await logIn(ctx.app, 'main', admin.email, PASSWORD, ADMIN_LOGIN);
      expect(before.statusCode, before.body).toBe(200);
      const headers = bearer(before.json().token);
      const elsewhere = await logIn(ctx.app, 'main', admin.email, PASSWORD, ADMIN_LOGIN);
      const oldCookie = refreshCookieOf(elsewhere, 'main')!.value;

      const setup = await post(ctx.app, '/api/admin/two-factor/setup', {}, headers);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, otpauthUri } = setup.json();
      expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/.*secret=${secret}`));
      expect(
        (await post(ctx.app, '/api/admin/two-factor/confirm', { code: '000000' }, headers)).statusCode,
      ).toBe(401);
      const confirmed = await post(
        ctx.app,
        '/api/admin/two-factor/confirm',
        { code: await codeAt(secret) },
        headers,
      );
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      const stored = await queryRows<{ code_hash: string }>(
        ctx.app.db,
        sql`select code_hash from admin_recovery_codes where account_id = ${admin.id}`,
      );
      expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
      // The device that enrolled stays in; the session opened with the password alone cannot renew into the admin area.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/two-factor', headers })).json()).toEqual(
        { enrolled: true, required: false, recoveryCodesLeft: 10 },
      );
      const renewed = await refresh(ctx.app, oldCookie);
      expect(renewed.statusCode).toBe(401);
      expect(renewed.json().code).toBe('two_factor_required');

      const login = await logIn(ctx.app, 'main', admin.email, PASSWORD, ADMIN_LOGIN);
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json()).toMatchObject({
        twoFactor: 'code',
        message: 'Enter the code from your authenticator app.',
      });
      expect(login.json().token).toBeUndefined();
      expect(refreshCookieOf(login, 'main')).toBeUndefined();
      const memberLogin = await logIn(ctx.app, 'main', admin.email, PASSWORD);
      expect(memberLogin.statusCode).toBe(403);
      expect(memberLogin.json().code).toBe('two_factor_required');

      const { challenge } = login.json();
      expect(
        (await post(ctx.app, '/api/admin/two-factor/verify', { challenge, code: '123456' })).statusCode,
      ).toBe(401);
      const code = await codeAt(secret, 1);
      const signedIn = await post(ctx.app, '/api/admin/two-factor/verify', { challenge, code });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({
        message: 'Login Successful',
        user: { roles: 'admin', email: admin.email },
      });
      const cookie = refreshCookieOf(signedIn, 'main')!.value;
      expect((await refresh(ctx.app, cookie)).statusCode).toBe(200);
      const replay = await post(ctx.app, '/api/admin/two-factor/verify', { challenge, code });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toMatch(/already used/);

      const recovery = recoveryCodes[3]!;
      expect(
        (await post(ctx.app, '/api/admin/two-factor/verify', { challenge, code: recovery.toLowerCase() }))
          .statusCode,
      ).toBe(200);
      expect(
        (await post(ctx.app, '/api/admin/two-factor/verify', { challenge, code: recovery })).statusCode,
      ).toBe(401);
      const audit = await queryRows<{ action: string }>(
        ctx.app.db,
        sql`select action from audit_log where target_account_id = ${admin.id} order by id`,
      );
      // Beside the two-factor acts, each password step of the administrator's sign-ins is audited too (decision 0026).
      expect(audit.map((a) => a.action).filter((a) => !a.startsWith('admin_sign_in'))).toEqual([
        'two_factor_enrolled',
        'two_factor_recovery_code_used',
      ]);
      expect(audit.filter((a) => a.action === 'admin_sign_in').length).toBe(3);
    });

    it('a password reset does not skip the code, and guessing codes is limited', async () => {
      const admin = await createTestAccount(ctx.app, { role: 'admin', password: PASSWORD });
      const login = await logIn(ctx.app, 'main', admin.email, PASSWORD, ADMIN_LOGIN);
      const headers = bearer(login.json().token);
      const { secret } = (await post(ctx.app, '/api/admin/two-factor/setup', {}, headers)).json();
      expect(
        (await post(ctx.app, '/api/admin/two-factor/confirm', { code: await codeAt(secret) }, headers))
          .statusCode,
      ).toBe(200);

      const waiting = await logIn(ctx.app, 'main', admin.email, PASSWORD, ADMIN_LOGIN);
      await post(ctx.app, forgotPath.main, { email: admin.email });
      const [mail] = await mailsTo(ctx.app, admin.email);
      const link = mail!.links.find((l) => l.includes('token='))!;
      const reset = await post(ctx.app, resetPath.main, {
        token: tokenOf(link),
        email: admin.email,
        password: 'brand new password',
        confirmPassword: 'brand new password',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json().token).toBeUndefined();
      const after = await logIn(ctx.app, 'main', admin.email, 'brand new password', ADMIN_LOGIN);
      expect(after.json()).toMatchObject({ twoFactor: 'code' });
      expect(after.json().token).toBeUndefined();
      // A challenge of before the reset names the old token version: it is void.
      const stale = await post(ctx.app, '/api/admin/two-factor/verify', {
        challenge: waiting.json().challenge,
        code: await codeAt(secret, 1),
      });
      expect(stale.statusCode).toBe(401);
      expect(stale.json().code).toBe('challenge_expired');

      const fresh = await logIn(ctx.app, 'main', admin.email, 'brand new password', ADMIN_LOGIN);
      const answers = [];
      for (let i = 0; i < 10; i++)
        answers.push(
          (
            await post(ctx.app, '/api/admin/two-factor/verify', {
              challenge: fresh.json().challenge,
              code: '111111',
            })
          ).statusCode,
        );
      // Ten attempts per account in 15 minutes, the enrolment's and the stale challenge's included.
      expect(answers.slice(0, 2)).toEqual([401, 401]);
      expect(answers.at(-1)).toBe(429);
      const right = await post(ctx.app, '/api/admin/two-factor/verify', {
        challenge: fresh.json().challenge,
        code: await codeAt(secret, 1),
      });
      expect(right.statusCode).toBe(429);
    });
  },
);

describeEachDatabase('administrators’ two-factor sign-in when ADMIN_2FA=required', (database) => {
  const ctx = useTestApp(database, { ADMIN_2FA: 'required' });

  it('an administrator without it enrols during the login; no session exists before the code', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', password: PASSWORD });
    const login = await logIn(ctx.app, 'main', admin.email, PASSWORD, ADMIN_LOGIN);
    expect(login.json()).toMatchObject({ twoFactor: 'enrol' });
    expect(
      await queryRows(ctx.app.db, sql`select id from sessions where account_id = ${admin.id}`),
    ).toHaveLength(0);
    const { challenge } = login.json();
    const setup = await post(ctx.app, '/api/admin/two-factor/challenge/setup', { challenge });
    expect(setup.statusCode, setup.body).toBe(200);
    const done = await post(ctx.app, '/api/admin/two-factor/challenge/confirm', {
      challenge,
      code: await codeAt(setup.json().secret),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/approvals',
          headers: bearer(done.json().token),
        })
      ).statusCode,
    ).toBe(200);

    // A session that never passed the second factor (made behind the login's back) opens no admin route and cannot renew.
    const other = await createTestAccount(ctx.app, { role: 'admin', password: PASSWORD });
    const { signInAs } = await import('./accounts-kit');
    const denied = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/approvals',
      headers: await signInAs(ctx.app, other.id),
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.json().code).toBe('two_factor_required');
  });
});
