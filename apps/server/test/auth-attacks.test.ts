import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { bearer, confirmedAccount, logIn } from './auth-kit';
import { describeEachDatabase } from './databases';

type Operation = { method: string; path: string };

/** Every operation the OpenAPI page lists, with path parameters filled in. */
function operations(app: App): Operation[] {
  const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, 'someone%40example.com'),
      })),
  );
}

/** The account calls that are public on purpose: sign-in, sign-up, mailed links, renewal, contact. */
const PUBLIC = new Set([
  '/api/auth/signup',
  '/api/auth/welcome',
  '/api/auth/login',
  '/api/auth/loginwelc',
  '/api/admin/adminLogin',
  // The second step of an administrator's sign-in: it carries the short challenge the password step answered.
  '/api/admin/two-factor/verify',
  '/api/admin/two-factor/challenge/setup',
  '/api/admin/two-factor/challenge/confirm',
  '/api/auth/refresh',
  '/api/auth/confirm-email',
  '/api/auth/resend-confirmation',
  '/api/auth/reset',
  '/api/auth/welcomereset',
  '/api/auth/resetpassword',
  '/api/auth/welcresetpassword',
  '/api/auth/sendContact',
]);

const call = (app: App, op: Operation, headers: Record<string, string>) =>
  app.inject({
    method: op.method as 'GET',
    url: op.path,
    headers,
    ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
  });

describeEachDatabase('attacks on the account API', (database) => {
  const ctx = useTestApp(database);

  it('refuses a member token on every admin call', async () => {
    const member = await createTestAccount(ctx.app);
    const headers = await signInAs(ctx.app, member.id);
    const admin = operations(ctx.app).filter(
      (op) => op.path.startsWith('/api/admin/') && !PUBLIC.has(op.path),
    );
    expect(admin.length).toBeGreaterThanOrEqual(3);
    for (const op of admin) {
      const res = await call(ctx.app, op, headers);
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(403);
      expect(res.json().message, `${op.method} ${op.path}`).toBe('This needs an administrator account.');
    }
  });

  it('refuses a call with no token on every member and admin call', async () => {
    const memberCalls = new Set([
      '/api/auth/password',
      '/api/auth/register',
      '/api/auth/bankdetails',
      '/api/auth/process-payment',
      '/api/auth/welcomepaystack',
    ]);
    const member = operations(ctx.app).filter(
      (op) =>
        (op.path.startsWith('/api/admin/') && !PUBLIC.has(op.path)) ||
        op.path.startsWith('/api/me') ||
        memberCalls.has(op.path),
    );
    const paths = member.map((op) => op.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/password',
        '/api/auth/register',
        '/api/auth/bankdetails',
        '/api/me',
        '/api/admin/adminRoles/someone%40example.com',
        '/api/admin/audit-log',
      ]),
    );
    for (const op of member) {
      const res = await call(ctx.app, op, {});
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    }
    // Sign-out also takes the refresh cookie instead of a token; with neither it is refused the same way.
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { programme: 'main' },
    });
    expect(logout.statusCode).toBe(401);
    expect(logout.json().message).toBe('Please sign in to continue.');
  });

  it('refuses an expired, a tampered, an unsigned and a foreign-signed access token', async () => {
    const account = await confirmedAccount(ctx.app, 'main');
    const login = await logIn(ctx.app, 'main', account.email, account.password);
    const good = login.json().token as string;
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const secret = new TextEncoder().encode(ctx.app.config.jwtSecret);

    const expired = await new SignJWT({
      ...claims,
      iat: Math.floor(Date.now() / 1000) - 3600,
      exp: Math.floor(Date.now() / 1000) - 60,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);
    const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const tampered = `${header}.${promoted}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another secret of at least thirty-two chars'));
    const flippedSignature = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;

    const probe = (token: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(token),
        payload: { currentPassword: account.password, password: 'changed!!1', confirmPassword: 'changed!!1' },
      });
    for (const [name, token] of Object.entries({ expired, tampered, unsigned, foreign, flippedSignature })) {
      const res = await probe(token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().message, name).toBe('Your session has ended. Please sign in again.');
    }
    const adminCall = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      headers: bearer(tampered),
    });
    expect(adminCall.statusCode).toBe(401);
    // The real token still works, and the password never changed.
    expect((await logIn(ctx.app, 'main', account.email, account.password)).statusCode).toBe(200);
  });

  describe('acting on another account by its email', () => {
    it('refuses a password change for another account’s email', async () => {
      const me = await confirmedAccount(ctx.app, 'welcomeback');
      const victim = await confirmedAccount(ctx.app, 'welcomeback');
      const token = (await logIn(ctx.app, 'welcomeback', me.email, me.password)).json().token as string;
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(token),
        payload: {
          email: victim.email,
          currentPassword: me.password,
          password: 'taken over!!',
          confirmPassword: 'taken over!!',
        },
      });
      expect(res.statusCode).toBe(403);
      expect((await logIn(ctx.app, 'welcomeback', victim.email, victim.password)).statusCode).toBe(200);
      expect((await logIn(ctx.app, 'welcomeback', me.email, me.password)).statusCode).toBe(200);
    });

    for (const [path, programme] of [
      ['/api/auth/register', 'main'],
      ['/api/auth/bankdetails', 'welcomeback'],
    ] as const) {
      it(`refuses bank details (${path}) for another account’s email`, async () => {
        const me = await createTestAccount(ctx.app, { programme });
        const victim = await createTestAccount(ctx.app, { programme });
        const res = await ctx.app.inject({
          method: 'POST',
          url: path,
          headers: await signInAs(ctx.app, me.id),
          payload: {
            email: victim.email,
            type: 'savings',
            accountNumber: '0123456789',
            accountName: 'Thief',
            bankCode: '058',
          },
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        const rows = await queryRows(
          ctx.app.db,
          sql`select account_id from bank_details where account_id in (${me.id}, ${victim.id})`,
        );
        expect(rows).toHaveLength(0);
      });
    }
  });
});
