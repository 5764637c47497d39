import type { Programme } from '@coop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { testConfig, useTestApp } from './app';
import {
  bearer,
  cookieName,
  forgotPath,
  loginPath,
  mailsTo,
  resetPath,
  signupBody,
  signupPath,
  tokenOf,
} from './auth-kit';
import { describeEachDatabase, openTestPglite } from './databases';
import { startSmtpServer, type TestSmtpServer } from './smtp-kit';

describeEachDatabase('the whole account journey through the outbox', (database) => {
  const ctx = useTestApp(database);

  for (const programme of ['main', 'welcomeback'] as Programme[]) {
    it(`${programme}: sign up, confirm from the mail, sign in, change the password, sign in again, forget it and reset it`, async () => {
      const body = signupBody({ fullName: 'Funke Bello' });
      const signup = await ctx.app.inject({ method: 'POST', url: signupPath[programme], payload: body });
      expect(signup.statusCode).toBe(201);
      expect(signup.json().message).toBe('Registration is Successful');

      const [confirmation] = await mailsTo(ctx.app, body.email);
      expect(confirmation!.html).toContain(confirmation!.links[0]!.replace(/&/g, '&amp;'));
      const link = new URL(confirmation!.links[0]!);
      expect(link.pathname).toBe('/confirmemail');
      const confirmed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-email',
        payload: { token: link.searchParams.get('token') },
      });
      expect(confirmed.statusCode).toBe(200);

      const login = await ctx.app.inject({
        method: 'POST',
        url: loginPath[programme],
        payload: { email: body.email, password: body.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ fullName: 'Funke Bello', programme, roles: 'user' });

      const changed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(login.json().token),
        payload: {
          currentPassword: body.password,
          password: 'my second password',
          confirmPassword: 'my second password',
        },
      });
      expect(changed.statusCode).toBe(200);
      const changedMail = await mailsTo(ctx.app, body.email, 2);
      expect(changedMail[0]!.subject).toMatch(/password was changed/);

      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: loginPath[programme],
            payload: { email: body.email, password: body.password },
          })
        ).statusCode,
      ).toBe(401);
      const again = await ctx.app.inject({
        method: 'POST',
        url: loginPath[programme],
        payload: { email: body.email, password: 'my second password' },
      });
      expect(again.statusCode).toBe(200);
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { programme },
        cookies: {
          [cookieName[programme]]: again.cookies.find((c) => c.name === cookieName[programme])!.value,
        },
      });
      expect(refreshed.statusCode).toBe(200);

      expect(
        (await ctx.app.inject({ method: 'POST', url: forgotPath[programme], payload: { email: body.email } }))
          .statusCode,
      ).toBe(200);
      const [resetMail] = await mailsTo(ctx.app, body.email, 3);
      const reset = await ctx.app.inject({
        method: 'POST',
        url: resetPath[programme],
        payload: {
          token: tokenOf(resetMail!.links[0]!),
          email: body.email,
          password: 'my third password',
          confirmPassword: 'my third password',
        },
      });
      expect(reset.statusCode).toBe(200);
      // The reset ended the session that was renewed above.
      const afterReset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(refreshed.json().token),
        payload: { programme },
      });
      expect(afterReset.statusCode).toBe(401);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: loginPath[programme],
            payload: { email: body.email, password: 'my third password' },
          })
        ).statusCode,
      ).toBe(200);
    });
  }
});

describe('the confirmation mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let app: App;
  let database: Database;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await openTestPglite();
    app = await buildApp(
      testConfig({
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Cooperative <no-reply@coop.test>',
      }),
      { database },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await smtp.close();
  });

  it('delivers the link, which confirms the account', async () => {
    expect(app.mailer.kind).toBe('smtp');
    const body = signupBody();
    expect((await app.inject({ method: 'POST', url: signupPath.main, payload: body })).statusCode).toBe(201);
    for (let i = 0; i < 200 && smtp.received.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([body.email]);
    // Quoted-printable may wrap long lines with '=' at the end; undo it before reading the link.
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain('Subject: Confirm your email address for the Main platform');
    const token = /confirmemail\?token=([\w-]{43})/.exec(raw)?.[1];
    expect(token).toBeDefined();
    expect(
      (
        await app.inject({
          method: 'POST',
          url: loginPath.main,
          payload: { email: body.email, password: body.password },
        })
      ).json().code,
    ).toBe('email_unconfirmed');
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } })).statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: loginPath.main,
          payload: { email: body.email, password: body.password },
        })
      ).statusCode,
    ).toBe(200);
  });
});
