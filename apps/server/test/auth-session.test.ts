import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { useTestApp } from './app';
import {
  bearer,
  confirmedAccount,
  cookieName,
  logIn,
  mailsTo,
  refreshCookieOf,
  signUp,
  someAddress,
  tokenOf,
} from './auth-kit';
import { describeEachDatabase } from './databases';

describeEachDatabase('sign-in, renewal and sign-out', (database) => {
  const ctx = useTestApp(database);

  it('gives the form messages of login, admin login, confirmation, renewal and sign-out', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [];
    for (const url of ['/api/auth/login', '/api/auth/loginwelc', '/api/admin/adminLogin']) {
      cases.push(
        [url, { password: 'whatever1' }, 'Email address is required'],
        [url, { email: '', password: 'whatever1' }, 'Email address is required'],
        [url, { email: 'ada-at-example', password: 'whatever1' }, 'Invalid email address'],
        [url, { email: 'ada@example.com' }, 'Password is required'],
        [url, { email: 'ada@example.com', password: '' }, 'Password is required'],
      );
    }
    cases.push(
      ['/api/auth/confirm-email', {}, 'This confirmation link is not valid.'],
      ['/api/auth/confirm-email', { token: 'short' }, 'This confirmation link is not valid.'],
      [
        '/api/auth/resend-confirmation',
        { email: 'nope', programme: 'main' },
        'Provide a valid email address',
      ],
      [
        '/api/auth/resend-confirmation',
        { email: 'ada@example.com', programme: 'gold' },
        'programme must be main or welcomeback',
      ],
      ['/api/auth/refresh', {}, 'programme must be main or welcomeback'],
      ['/api/auth/logout', { programme: 'both' }, 'programme must be main or welcomeback'],
    );
    for (const [url, payload, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url, payload, remoteAddress: someAddress() });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().message, `${url} ${JSON.stringify(payload)}`).toBe(message);
    }
    const unknownLink = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: 'x'.repeat(43) },
    });
    expect(unknownLink.statusCode).toBe(400);
    expect(unknownLink.json().message).toBe(
      'This confirmation link is not valid or has expired. Sign in to ask for a new one.',
    );
  });

  for (const programme of ['main', 'welcomeback'] as Programme[]) {
    describe(programme, () => {
      it('answers the spec fields, a short access token and an httpOnly, Strict refresh cookie', async () => {
        const account = await confirmedAccount(ctx.app, programme, { fullName: 'Chinedu Eze' });
        const res = await logIn(ctx.app, programme, account.email.toUpperCase(), account.password);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ status: 200, message: 'Login Successful', expiresIn: 900 });
        expect(body.user).toMatchObject({
          fullName: 'Chinedu Eze',
          email: account.email,
          programme,
          roles: 'user',
        });
        expect(body.user.referralCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
        expect(Object.keys(body.user).sort()).toEqual([
          'email',
          'fullName',
          'id',
          'programme',
          'referralCode',
          'roles',
        ]);
        const cookie = refreshCookieOf(res, programme) as Record<string, unknown>;
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
        expect(cookie.secure).toBeFalsy();
        expect(String(cookie.value)).toHaveLength(43);
        // The refresh token is kept only as its SHA-256.
        const stored = await queryRows<{ token_hash: string }>(
          ctx.app.db,
          sql`select token_hash from refresh_tokens`,
        );
        expect(stored.map((r) => r.token_hash)).not.toContain(cookie.value);

        const me = await ctx.app.inject({
          method: 'PUT',
          url: '/api/auth/password',
          headers: bearer(body.token),
          payload: {},
        });
        expect(me.statusCode).toBe(400); // the token is accepted; the empty body is not
      });

      it('refuses a wrong password and an unknown email with the same answer', async () => {
        const account = await confirmedAccount(ctx.app, programme);
        const wrong = await logIn(ctx.app, programme, account.email, 'not the password');
        const unknown = await logIn(ctx.app, programme, `nobody-${account.email}`, 'not the password');
        expect(wrong.statusCode).toBe(401);
        expect(unknown.statusCode).toBe(401);
        expect(wrong.json()).toEqual(unknown.json());
        expect(wrong.json().message).toBe('The email or password is not correct.');
        expect(wrong.cookies).toHaveLength(0);
      });

      it('refuses an account of the other programme', async () => {
        const other: Programme = programme === 'main' ? 'welcomeback' : 'main';
        const account = await confirmedAccount(ctx.app, other);
        const res = await logIn(ctx.app, programme, account.email, account.password);
        expect(res.statusCode).toBe(401);
      });

      it('refuses an unconfirmed account with an offer to resend the link, and resends it', async () => {
        const account = await signUp(ctx.app, programme);
        const res = await logIn(ctx.app, programme, account.email, account.password);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('email_unconfirmed');
        expect(res.json().message).toMatch(/confirm your email address.*send the link again/i);
        await mailsTo(ctx.app, account.email, 1);

        const resend = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/resend-confirmation',
          payload: { email: account.email, programme },
        });
        const nobody = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/resend-confirmation',
          payload: { email: `x${account.email}`, programme },
        });
        expect(resend.statusCode).toBe(200);
        expect(nobody.statusCode).toBe(200);
        expect(resend.json()).toEqual(nobody.json());
        const mails = await mailsTo(ctx.app, account.email, 2);
        // Only the newest link works.
        const old = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-email',
          payload: { token: tokenOf(mails[1]!.links[0]!) },
        });
        expect(old.statusCode).toBe(400);
        const fresh = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-email',
          payload: { token: tokenOf(mails[0]!.links[0]!) },
        });
        expect(fresh.statusCode).toBe(200);
        expect(fresh.json()).toMatchObject({
          programme,
          message: 'Your email address is confirmed. You can now sign in.',
        });
        const again = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-email',
          payload: { token: tokenOf(mails[0]!.links[0]!) },
        });
        expect(again.statusCode).toBe(400);
        expect((await logIn(ctx.app, programme, account.email, account.password)).statusCode).toBe(200);
      });

      it('renews the access token from the cookie, rotating it; a reused refresh token ends the whole session', async () => {
        const account = await confirmedAccount(ctx.app, programme);
        const login = await logIn(ctx.app, programme, account.email, account.password);
        const first = refreshCookieOf(login, programme)!.value;

        const renewed = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { programme },
          cookies: { [cookieName[programme]]: first },
        });
        expect(renewed.statusCode, renewed.body).toBe(200);
        expect(renewed.json()).toMatchObject({ expiresIn: 900, user: { email: account.email, programme } });
        const second = refreshCookieOf(renewed, programme)!.value;
        expect(second).not.toBe(first);
        const renewedToken = renewed.json().token as string;

        const reused = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { programme },
          cookies: { [cookieName[programme]]: first },
        });
        expect(reused.statusCode).toBe(401);
        // The whole family is gone: the newest refresh token and every access token of the session.
        const afterReuse = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { programme },
          cookies: { [cookieName[programme]]: second },
        });
        expect(afterReuse.statusCode).toBe(401);
        const call = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: bearer(renewedToken),
          payload: { programme },
        });
        expect(call.statusCode).toBe(401);
        // Another device's session is untouched.
        const other = await logIn(ctx.app, programme, account.email, account.password);
        expect(other.statusCode).toBe(200);
      });

      it('lets only one of two simultaneous renewals with one refresh token win, and ends that session', async () => {
        const account = await confirmedAccount(ctx.app, programme);
        const login = await logIn(ctx.app, programme, account.email, account.password);
        const token = refreshCookieOf(login, programme)!.value;
        const renew = (value: string) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/auth/refresh',
            payload: { programme },
            cookies: { [cookieName[programme]]: value },
          });
        const answers = await Promise.all([renew(token), renew(token)]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
        const winner = answers.find((a) => a.statusCode === 200)!;
        expect((await renew(refreshCookieOf(winner, programme)!.value)).statusCode).toBe(401);
      });

      it('refuses a refresh with no cookie, an unknown cookie, or the other programme', async () => {
        const account = await confirmedAccount(ctx.app, programme);
        const login = await logIn(ctx.app, programme, account.email, account.password);
        const token = refreshCookieOf(login, programme)!.value;
        const other: Programme = programme === 'main' ? 'welcomeback' : 'main';
        const none = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { programme },
        });
        const unknown = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { programme },
          cookies: { [cookieName[programme]]: 'x'.repeat(43) },
        });
        const crossed = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { programme: other },
          cookies: { [cookieName[other]]: token },
        });
        expect([none.statusCode, unknown.statusCode, crossed.statusCode]).toEqual([401, 401, 401]);
        // None of those spent the real token.
        const real = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { programme },
          cookies: { [cookieName[programme]]: token },
        });
        expect(real.statusCode).toBe(200);
      });

      it('signs out: the session, its access token and its refresh cookie stop working', async () => {
        const account = await confirmedAccount(ctx.app, programme);
        const login = await logIn(ctx.app, programme, account.email, account.password);
        const { token } = login.json();
        const refresh = refreshCookieOf(login, programme)!.value;
        const out = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: bearer(token),
          payload: { programme },
        });
        expect(out.statusCode).toBe(200);
        const cleared = refreshCookieOf(out, programme) as Record<string, unknown>;
        expect(cleared.value).toBe('');
        expect(cleared.path).toBe('/api/auth');
        const again = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: bearer(token),
          payload: { programme },
        });
        expect(again.statusCode).toBe(401);
        const renew = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { programme },
          cookies: { [cookieName[programme]]: refresh },
        });
        expect(renew.statusCode).toBe(401);
      });

      it('signs out with the refresh cookie alone once the access token has expired', async () => {
        const account = await confirmedAccount(ctx.app, programme);
        const login = await logIn(ctx.app, programme, account.email, account.password);
        const refresh = refreshCookieOf(login, programme)!.value;
        const [, payload] = (login.json().token as string).split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
        const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 })
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode(ctx.app.config.jwtSecret));
        const out = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: bearer(expired),
          payload: { programme },
          cookies: { [cookieName[programme]]: refresh },
        });
        expect(out.statusCode, out.body).toBe(200);
        const renew = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { programme },
          cookies: { [cookieName[programme]]: refresh },
        });
        expect(renew.statusCode).toBe(401);
        // Nothing to sign out: no token and no cookie.
        const nothing = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          payload: { programme },
        });
        expect(nothing.statusCode).toBe(401);
      });
    });
  }
});
