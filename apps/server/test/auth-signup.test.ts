import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { testConfig, useTestApp } from './app';
import { signUp, signupBody, signupPath, someAddress, tokenOf, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const post = (ctx: { app: App }, programme: Programme, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: signupPath[programme], payload, remoteAddress: someAddress() });

describeEachDatabase('sign-up', (database) => {
  // The product's password hash cost, which this suite checks (the other suites hash at less: test/password-cost.ts).
  const ctx = useTestApp(database, { PASSWORD_HASH_COST: '15' });

  for (const programme of ['main', 'welcomeback'] as Programme[]) {
    describe(programme, () => {
      it("answers 201 'Registration is Successful' and mails a single-use confirmation link", async () => {
        const body = signupBody({ email: `  ${uniqueEmail('Ngozi').toUpperCase()} ` });
        const res = await post(ctx, programme, body);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toEqual({ status: 201, message: 'Registration is Successful' });
        const email = String(body.email).trim().toLowerCase();
        const [row] = await queryRows<{
          programme: string;
          email_confirmed_at: Date | null;
          password_hash: string;
          role: string;
          phone: string;
        }>(
          ctx.app.db,
          sql`select programme, email_confirmed_at, password_hash, role, phone from accounts where email = ${email}`,
        );
        expect(row).toMatchObject({
          programme,
          email_confirmed_at: null,
          role: 'user',
          phone: '08031234567',
        });
        expect(row!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
        expect(row!.password_hash).not.toContain('a good password');
        // The mail is in the outbox by the time sign-up answers.
        const [mail] = (
          await ctx.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` })
        ).json();
        expect(mail!.subject).toContain(programme === 'main' ? 'Main' : 'Welcome Back');
        expect(mail!.links[0]).toMatch(/^http:\/\/127\.0\.0\.1:3000\/confirmemail\?token=[\w-]{43}$/);
        expect(mail!.text).toContain('Dear Ada Obi');
        // Only the token's hash is stored.
        const tokens = await queryRows<{ token_hash: string }>(
          ctx.app.db,
          sql`select token_hash from account_tokens`,
        );
        expect(tokens.map((t) => t.token_hash)).not.toContain(tokenOf(mail!.links[0]!));
      });

      it('gives every validation message of the form', async () => {
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ fullName: '' }, 'Enter your Full Names'],
          [{ fullName: '   ' }, 'Enter your Full Names'],
          [{ email: '' }, 'Enter an email address'],
          [{ email: 'not-an-email' }, 'Provide a valid email address'],
          [{ phone: '' }, 'Enter Phone number'],
          [{ phone: '0803-123' }, 'Phone number is not valid'],
          [{ phone: '080312345' }, 'too short'],
          [{ phone: '080312345678' }, 'too long'],
          [{ phone: '05031234567' }, 'Phone number is not valid'],
          [{ address: '' }, 'Enter a valid address'],
          [{ password: '', confirmPassword: '' }, 'Enter a password with 8-64 characters'],
          [{ password: 'short', confirmPassword: 'short' }, 'Enter a password with 8-64 characters'],
          [
            { password: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) },
            'Enter a password with 8-64 characters',
          ],
          [{ confirmPassword: '' }, 'Confirm your password'],
          [{ confirmPassword: 'another password' }, 'Passwords must match'],
          [{ acceptTerms: false }, 'You must accept the terms and conditions'],
          [{ acceptTerms: undefined }, 'You must accept the terms and conditions'],
          [{ fullName: 'x'.repeat(121) }, 'Use at most 120 characters'],
          [{ referralCode: 'X'.repeat(17) }, 'Referral code is not valid'],
        ];
        for (const [change, message] of cases) {
          const res = await post(ctx, programme, signupBody(change));
          expect(res.statusCode, JSON.stringify(change)).toBe(400);
          expect(res.json().message, JSON.stringify(change)).toBe(message);
        }
        const extra = await post(ctx, programme, { ...signupBody(), role: 'admin' });
        expect(extra.statusCode).toBe(400);
        // 10- and 11-digit Nigerian numbers are both accepted.
        expect((await post(ctx, programme, signupBody({ phone: '8031234567' }))).statusCode).toBe(201);
        expect((await post(ctx, programme, signupBody({ phone: '09011234567' }))).statusCode).toBe(201);
      });

      it('keeps an email unique within the programme, and lets the same person join the other programme', async () => {
        const first = await signUp(ctx.app, programme);
        const again = await post(ctx, programme, signupBody({ email: first.email.toUpperCase() }));
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toMatch(/already exists on the (Main|Welcome Back) platform/);
        const other: Programme = programme === 'main' ? 'welcomeback' : 'main';
        expect((await post(ctx, other, signupBody({ email: first.email }))).statusCode).toBe(201);
      });

      it('takes a referral code of the same programme only, with a clear message otherwise', async () => {
        const sponsor = await signUp(ctx.app, programme);
        const [sponsorRow] = await queryRows<{ id: string; referral_code: string }>(
          ctx.app.db,
          sql`select id, referral_code from accounts where email = ${sponsor.email} and programme = ${programme}`,
        );
        const referredBody = signupBody({ referralCode: ` ${sponsorRow!.referral_code.toLowerCase()} ` });
        const joined = await post(ctx, programme, referredBody);
        expect(joined.statusCode, joined.body).toBe(201);
        const [referred] = await queryRows<{ sponsor_account_id: string }>(
          ctx.app.db,
          sql`select sponsor_account_id from accounts where email = ${referredBody.email} and programme = ${programme}`,
        );
        expect(referred!.sponsor_account_id).toBe(sponsorRow!.id);

        const unknown = await post(ctx, programme, signupBody({ referralCode: 'ZZZZ2222' }));
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().message).toBe(
          'This referral code does not exist. Check it, or leave the field empty.',
        );

        const other: Programme = programme === 'main' ? 'welcomeback' : 'main';
        const otherSponsor = await signUp(ctx.app, other);
        const [otherRow] = await queryRows<{ referral_code: string }>(
          ctx.app.db,
          sql`select referral_code from accounts where email = ${otherSponsor.email} and programme = ${other}`,
        );
        const crossed = await post(ctx, programme, signupBody({ referralCode: otherRow!.referral_code }));
        expect(crossed.statusCode).toBe(400);
        expect(crossed.json().message).toMatch(
          /belongs to the (Main|Welcome Back) platform\. Use a (Main|Welcome Back) platform referral code/,
        );
      });
    });
  }

  it('registers the account even when the mail server is down (signing in then offers a new link)', async () => {
    const db = await database.open();
    const app = await buildApp(testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }), { database: db });
    try {
      const body = signupBody();
      const res = await app.inject({ method: 'POST', url: signupPath.main, payload: body });
      expect(res.statusCode, res.body).toBe(201);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password: body.password },
      });
      expect(login.json().code).toBe('email_unconfirmed');
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('gives every account a unique, short referral code without 0, O, 1, I or L', async () => {
    for (let i = 0; i < 5; i++) await signUp(ctx.app, i % 2 ? 'main' : 'welcomeback');
    const codes = await queryRows<{ referral_code: string }>(
      ctx.app.db,
      sql`select referral_code from accounts`,
    );
    expect(codes.length).toBeGreaterThanOrEqual(5);
    expect(new Set(codes.map((c) => c.referral_code)).size).toBe(codes.length);
    for (const { referral_code } of codes) expect(referral_code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const body = signupBody();
    const answers = await Promise.all([
      post(ctx, 'main', body),
      post(ctx, 'main', body),
      post(ctx, 'main', body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await queryRows(ctx.app.db, sql`select id from accounts where email = ${body.email}`);
    expect(rows).toHaveLength(1);
  });
});
