import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { redactUrl } from '../src/plugins/log-safety';
import { testConfig } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { signupBody, signupPath, someAddress, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';
import { freePort } from './payments-kit';

describeEachDatabase('what a failed query leaves in the log', (database) => {
  const ctx = {} as { app: App; database: Database; lines: string[] };
  beforeAll(async () => {
    ctx.lines = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        ctx.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    ctx.database = await database.open();
    // On a real port: saving bank details asks the payment sandbox (over HTTP, as Paystack) for the bank list.
    const port = await freePort();
    const env = {
      LOG_LEVEL: 'info',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PAYMENT_PROVIDER: 'sandbox',
    };
    ctx.app = await buildApp(testConfig(env), { database: ctx.database, logStream: stream });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    // The database refuses these rows: PostgreSQL's error then names the failing row in its detail, and drizzle's
    // error carries the statement's parameters, which is what used to reach the log.
    await ctx.app.db.execute(
      sql`alter table accounts add constraint log_test_refused check (full_name <> 'Refused Person')`,
    );
    await ctx.app.db.execute(
      sql`alter table bank_details add constraint log_test_refused check (account_name <> 'Refused Holder')`,
    );
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });

  it('a sign-up whose insert fails logs the failure without the email, phone, address or password hash', async () => {
    const body = signupBody({
      fullName: 'Refused Person',
      email: uniqueEmail('leak'),
      phone: '08137654321',
      address: '7 Unique Close, Yaba',
    });
    ctx.lines.length = 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: signupPath.main,
      payload: body,
      remoteAddress: someAddress(),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      requestId: expect.any(String),
    });
    const log = ctx.lines.join('\n');
    // The failure itself is there, with what an operator needs: the statement and PostgreSQL's code.
    expect(log).toContain('request failed');
    // The accounts store writes through Drizzle's builder, which quotes the table name (escaped in the JSON line).
    expect(log).toMatch(/insert into (\\"accounts\\"|accounts)/);
    expect(log).toContain('23514');
    for (const value of [body.email, body.phone, body.address, body.password, '$scrypt', 'scrypt$'])
      expect(log).not.toContain(value);
    expect(log).not.toMatch(/params|Failing row/);
  });

  it('failed bank details log neither the account number nor the name', async () => {
    const account = await createTestAccount(ctx.app);
    const headers = await signInAs(ctx.app, account.id);
    ctx.lines.length = 0;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers,
      payload: {
        type: 'savings',
        accountNumber: '0246813579',
        accountName: 'Refused Holder',
        bankCode: '058',
      },
    });
    expect(res.statusCode).toBe(500);
    const log = ctx.lines.join('\n');
    expect(log).toContain('request failed');
    expect(log).not.toContain('0246813579');
    expect(log).not.toContain('Refused Holder');
  });

  it('logs one line per request, with the query values redacted', async () => {
    const email = uniqueEmail('query');
    ctx.lines.length = 0;
    await ctx.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` });
    expect(ctx.lines).toHaveLength(1);
    const line = JSON.parse(ctx.lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      method: 'GET',
      url: '/api/dev/mail?to=[redacted]',
      statusCode: 200,
      msg: expect.stringMatching(/^GET \/api\/dev\/mail\?to=\[redacted\] 200 \d+ ms$/),
    });
    expect(ctx.lines[0]).not.toContain(email.split('@')[0]);
  });
});

describe('redactUrl', () => {
  it('keeps paths and harmless parameters, replaces every other value', () => {
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/confirmemail?token=abc123')).toBe('/confirmemail?token=[redacted]');
    expect(redactUrl('/api/me?programme=main&x=1')).toBe('/api/me?programme=main&x=[redacted]');
    expect(redactUrl('/api/admin/users?search=ada%40x.ng&page=2')).toBe(
      '/api/admin/users?search=[redacted]&page=2',
    );
    expect(redactUrl('/a?%E0%A4%A=1&flag')).toBe('/a?%E0%A4%A=[redacted]&flag=[redacted]');
  });
});
