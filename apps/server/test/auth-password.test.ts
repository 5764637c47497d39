import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { useTestApp } from './app';
import {
  bearer,
  confirmedAccount,
  forgotPath,
  logIn,
  mailsTo,
  resetPath,
  signUp,
  someAddress,
  tokenOf,
  uniqueEmail,
} from './auth-kit';
import { describeEachDatabase } from './databases';

const forgot = (app: App, programme: Programme, email: string) =>
  app.inject({
    method: 'POST',
    url: forgotPath[programme],
    payload: { email },
    remoteAddress: someAddress(),
  });

const reset = (app: App, programme: Programme, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: resetPath[programme], payload, remoteAddress: someAddress() });

async function passwordHashOf(app: App, programme: Programme, email: string) {
  const [row] = await queryRows<{ password_hash: string }>(
    app.db,
    sql`select password_hash from accounts where email = ${email} and programme = ${programme}`,
  );
  return row!.password_hash;
}

/** The reset link mailed to an account: asks for it and reads the newest reset mail. */
async function resetLink(app: App, programme: Programme, email: string) {
  const before = (
    await app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` })
  ).json().length as number;
  expect((await forgot(app, programme, email)).statusCode).toBe(200);
  const [mail] = await mailsTo(app, email, before + 1);
  expect(mail!.subject).toMatch(/Reset your/);
  return mail!.links[0]!;
}

describeEachDatabase('forgot and reset password', (database) => {
  const ctx = useTestApp(database);

  for (const programme of ['main', 'welcomeback'] as Programme[]) {
    const page = programme === 'main' ? '/mainresetpassword' : '/welcomebackresetpassword';
    describe(programme, () => {
      it('answers the same whether or not the email exists, and mails a link to the reset screen', async () => {
        const account = await confirmedAccount(ctx.app, programme);
        const known = await forgot(ctx.app, programme, account.email);
        const unknown = await forgot(ctx.app, programme, uniqueEmail('nobody'));
        expect(known.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(known.json()).toEqual(unknown.json());
        const mails = await mailsTo(ctx.app, account.email, 2);
        expect(mails[0]!.links[0]).toMatch(
          new RegExp(`^http://127\\.0\\.0\\.1:3000${page}\\?token=[\\w-]{43}$`),
        );
        // The other programme's account of the same person is not touched by this programme's call.
        const other: Programme = programme === 'main' ? 'welcomeback' : 'main';
        await forgot(ctx.app, other, account.email);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const after = (
          await ctx.app.inject({ method: 'GET', url: `/api/dev/mail?to=${account.email}` })
        ).json();
        expect(after).toHaveLength(2);
      });

      it('gives the form messages', async () => {
        const cases: Array<[string, Record<string, unknown>, string]> = [
          [forgotPath[programme], { email: '' }, 'Enter an email address'],
          [forgotPath[programme], { email: 'nope' }, 'Provide a valid email address'],
          [
            resetPath[programme],
            { password: 'a new password', confirmPassword: 'a new password' },
            'This reset link is not valid. Ask for a new one.',
          ],
          [
            resetPath[programme],
            { token: 'x'.repeat(43), password: 'short', confirmPassword: 'short' },
            'Enter a password with 8-64 characters',
          ],
          [
            resetPath[programme],
            { token: 'x'.repeat(43), password: 'a new password', confirmPassword: '' },
            'Confirm your password',
          ],
          [
            resetPath[programme],
            { token: 'x'.repeat(43), password: 'a new password', confirmPassword: 'another one!' },
            'Passwords must match',
          ],
        ];
        for (const [url, payload, message] of cases) {
          const res = await ctx.app.inject({ method: 'POST', url, payload, remoteAddress: someAddress() });
          expect(res.statusCode, JSON.stringify(payload)).toBe(400);
          expect(res.json().message).toBe(message);
        }
      });

      it('resets with the mailed token once, ends every session, and the new password works', async () => {
        const account = await confirmedAccount(ctx.app, programme);
        const login = await logIn(ctx.app, programme, account.email, account.password);
        const oldToken = login.json().token as string;
        const link = await resetLink(ctx.app, programme, account.email);
        const res = await reset(ctx.app, programme, {
          token: tokenOf(link),
          email: account.email,
          password: 'my new password',
          confirmPassword: 'my new password',
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message).toBe(
          'Your password has been changed. You can now sign in with your new password.',
        );
        // Every session has ended.
        const sessionCall = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: bearer(oldToken),
          payload: { programme },
        });
        expect(sessionCall.statusCode).toBe(401);
        const live = await queryRows(
          ctx.app.db,
          sql`select s.id from sessions s join accounts a on a.id = s.account_id where a.email = ${account.email} and s.revoked_at is null`,
        );
        expect(live).toHaveLength(0);
        expect((await logIn(ctx.app, programme, account.email, account.password)).statusCode).toBe(401);
        expect((await logIn(ctx.app, programme, account.email, 'my new password')).statusCode).toBe(200);
        // A notice goes to the owner.
        const [notice] = await mailsTo(ctx.app, account.email, 3);
        expect(notice!.subject).toMatch(/password was changed/);
      });

      it('refuses, changing nothing: no token, a used token, an expired token, another account’s token', async () => {
        const victim = await confirmedAccount(ctx.app, programme);
        const attacker = await confirmedAccount(ctx.app, programme);
        const hashBefore = await passwordHashOf(ctx.app, programme, victim.email);
        const body = { password: 'taken over!!', confirmPassword: 'taken over!!' };

        const noToken = await reset(ctx.app, programme, { email: victim.email, ...body });
        expect(noToken.statusCode).toBe(400);

        // Another account's token, sent with the victim's email.
        const attackerLink = await resetLink(ctx.app, programme, attacker.email);
        const crossed = await reset(ctx.app, programme, {
          token: tokenOf(attackerLink),
          email: victim.email,
          ...body,
        });
        expect(crossed.statusCode).toBe(400);
        expect(crossed.json().message).toBe(
          'This reset link was sent for another email address. Use the link from your own mail.',
        );

        // A used token.
        const victimLink = await resetLink(ctx.app, programme, victim.email);
        const first = await reset(ctx.app, programme, {
          token: tokenOf(victimLink),
          ...body,
          password: 'the real owner',
          confirmPassword: 'the real owner',
        });
        expect(first.statusCode).toBe(200);
        const hashAfterOwner = await passwordHashOf(ctx.app, programme, victim.email);
        const used = await reset(ctx.app, programme, { token: tokenOf(victimLink), ...body });
        expect(used.statusCode).toBe(400);
        expect(used.json().message).toBe('This reset link is not valid or has expired. Ask for a new one.');

        // An expired token (an hour old).
        const expiredLink = await resetLink(ctx.app, programme, victim.email);
        await ctx.app.db.execute(
          sql`update account_tokens set expires_at = now() - interval '1 second'
              where purpose = 'reset_password' and used_at is null and account_id = (select id from accounts where email = ${victim.email} and programme = ${programme})`,
        );
        const expired = await reset(ctx.app, programme, { token: tokenOf(expiredLink), ...body });
        expect(expired.statusCode).toBe(400);

        // The other programme's token on this programme's reset call.
        const other: Programme = programme === 'main' ? 'welcomeback' : 'main';
        const otherAccount = await confirmedAccount(ctx.app, other, { email: victim.email });
        const otherLink = await resetLink(ctx.app, other, otherAccount.email);
        const wrongProgramme = await reset(ctx.app, programme, { token: tokenOf(otherLink), ...body });
        expect(wrongProgramme.statusCode).toBe(400);

        expect(await passwordHashOf(ctx.app, programme, victim.email)).toBe(hashAfterOwner);
        expect(hashAfterOwner).not.toBe(hashBefore);
        expect((await logIn(ctx.app, programme, victim.email, 'the real owner')).statusCode).toBe(200);
        // The refused attempts spent neither the attacker's nor the other programme's token.
        expect(
          (
            await reset(ctx.app, programme, {
              token: tokenOf(attackerLink),
              ...body,
              password: 'attacker own',
              confirmPassword: 'attacker own',
            })
          ).statusCode,
        ).toBe(200);
        expect((await reset(ctx.app, other, { token: tokenOf(otherLink), ...body })).statusCode).toBe(200);
      });

      it('makes the reset link expire after one hour', async () => {
        const account = await confirmedAccount(ctx.app, programme);
        await resetLink(ctx.app, programme, account.email);
        const [row] = await queryRows<{ seconds: number }>(
          ctx.app.db,
          sql`select extract(epoch from t.expires_at - t.created_at)::int as seconds from account_tokens t join accounts a on a.id = t.account_id
              where a.email = ${account.email} and t.purpose = 'reset_password'`,
        );
        expect(Number(row!.seconds)).toBe(3600);
      });

      it('confirms the email of an unconfirmed account that resets its password', async () => {
        const account = await signUp(ctx.app, programme);
        const link = await resetLink(ctx.app, programme, account.email);
        expect(
          (
            await reset(ctx.app, programme, {
              token: tokenOf(link),
              password: 'brand new pass',
              confirmPassword: 'brand new pass',
            })
          ).statusCode,
        ).toBe(200);
        expect((await logIn(ctx.app, programme, account.email, 'brand new pass')).statusCode).toBe(200);
      });
    });
  }
});

describeEachDatabase('update password in the member area', (database) => {
  const ctx = useTestApp(database);
  const put = (token: string | null, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: token ? bearer(token) : {},
      payload,
    });

  for (const programme of ['main', 'welcomeback'] as Programme[]) {
    it(`${programme}: needs the current password, keeps this device signed in and signs out the others`, async () => {
      const account = await confirmedAccount(ctx.app, programme);
      const here = (await logIn(ctx.app, programme, account.email, account.password)).json().token as string;
      const elsewhere = (await logIn(ctx.app, programme, account.email, account.password)).json()
        .token as string;

      const wrong = await put(here, {
        currentPassword: 'not my password',
        password: 'a newer password',
        confirmPassword: 'a newer password',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Your current password is not correct.');

      const ok = await put(here, {
        email: account.email,
        currentPassword: account.password,
        password: 'a newer password',
        confirmPassword: 'a newer password',
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().message).toBe('Your password has been changed. Other devices have been signed out.');

      expect(
        (
          await put(elsewhere, {
            currentPassword: 'a newer password',
            password: 'x'.repeat(8),
            confirmPassword: 'x'.repeat(8),
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await put(here, {
            currentPassword: 'a newer password',
            password: 'newest password',
            confirmPassword: 'newest password',
          })
        ).statusCode,
      ).toBe(200);
      expect((await logIn(ctx.app, programme, account.email, 'newest password')).statusCode).toBe(200);
    });
  }

  it('refuses another account’s email, changing nothing', async () => {
    const me = await confirmedAccount(ctx.app, 'main');
    const victim = await confirmedAccount(ctx.app, 'main');
    const token = (await logIn(ctx.app, 'main', me.email, me.password)).json().token as string;
    const res = await put(token, {
      email: victim.email,
      currentPassword: me.password,
      password: 'taken over!!',
      confirmPassword: 'taken over!!',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only change the password of the account you are signed in to.');
    expect((await logIn(ctx.app, 'main', victim.email, victim.password)).statusCode).toBe(200);
    expect((await logIn(ctx.app, 'main', me.email, me.password)).statusCode).toBe(200);
  });

  it('refuses a call with no token', async () => {
    const res = await put(null, {
      currentPassword: 'whatever1',
      password: 'a newer password',
      confirmPassword: 'a newer password',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });

  it('gives the form messages', async () => {
    const account = await confirmedAccount(ctx.app, 'main');
    const token = (await logIn(ctx.app, 'main', account.email, account.password)).json().token as string;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'a newer password', confirmPassword: 'a newer password' }, 'Enter your current password'],
      [
        { currentPassword: account.password, password: 'short', confirmPassword: 'short' },
        'Enter a password with 8-64 characters',
      ],
      [{ currentPassword: account.password, password: 'a newer password' }, 'Confirm your password'],
      [
        { currentPassword: account.password, password: 'a newer password', confirmPassword: 'different one' },
        'Passwords must match',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await put(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
