import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@coop/core/contracts';
import { SANDBOX_SECRET_KEY } from '../src/adapters/payments';
import { signPaystackBody } from '../src/adapters/payments/webhook-signature';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { signupBody, signupPath, someAddress } from './auth-kit';
import { describeEachDatabase } from './databases';

const NUL = '\u0000';

describeEachDatabase('control characters in requests', (database) => {
  const ctx = useTestApp(database);
  const count = async (table: string) =>
    (
      await queryRows<{ n: number }>(ctx.app.db, sql`select count(*)::int as n from ${sql.identifier(table)}`)
    )[0]!.n;
  /** Refused by the shared schema (a validation answer names the field), not by the database's error. */
  const refused = (res: { statusCode: number; json(): unknown }, fieldErrors = true) => {
    expect(res.statusCode).toBe(400);
    const answer = res.json() as { message: string; errors?: { path: string; message: string }[] };
    expect(answer.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    if (fieldErrors) expect(answer.errors?.[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
  };

  it('refuses NUL in every sign-up text field of both programmes with a 400, and keeps nothing', async () => {
    const before = await count('accounts');
    for (const url of [signupPath.main, signupPath.welcomeback]) {
      for (const field of ['fullName', 'address', 'referralCode', 'phone', 'email', 'password']) {
        const body = signupBody();
        const value = `${String(body[field as keyof typeof body] || 'ABC')}`;
        const payload = {
          ...body,
          [field]: `${value.slice(0, 2)}${NUL}${value.slice(2)}`,
          ...(field === 'password' ? { confirmPassword: `${value.slice(0, 2)}${NUL}${value.slice(2)}` } : {}),
        };
        const res = await ctx.app.inject({ method: 'POST', url, payload, remoteAddress: someAddress() });
        expect(res.statusCode, `${url} ${field}`).toBe(400);
      }
      refused(
        await ctx.app.inject({
          method: 'POST',
          url,
          payload: signupBody({ fullName: `a${NUL}b` }),
          remoteAddress: someAddress(),
        }),
      );
      refused(
        await ctx.app.inject({
          method: 'POST',
          url,
          payload: signupBody({ fullName: 'Ada\u001bObi' }),
          remoteAddress: someAddress(),
        }),
      );
    }
    expect(await count('accounts')).toBe(before);
  });

  it('allows line breaks and tabs in a contact message but not NUL; a name stays on one line', async () => {
    const contact = (payload: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sendContact',
        payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello', ...payload },
        remoteAddress: someAddress(),
      });
    refused(await contact({ message: `Hello${NUL}` }));
    refused(await contact({ name: 'Ada\nObi' }));
    expect((await contact({ message: 'Hello,\n\tthank you.\r\nAda' })).statusCode).toBe(201);
  });

  it('refuses NUL in bank details, in a payment reference path and in the admin search and look-up', async () => {
    const member = await createTestAccount(ctx.app);
    const memberHeaders = await signInAs(ctx.app, member.id);
    refused(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: memberHeaders,
        payload: { type: 'savings', accountNumber: '0123456781', accountName: `Ada${NUL}`, bankCode: '058' },
      }),
      false, // this route's answer schema keeps only message, Message and code
    );
    expect(await count('bank_details')).toBe(0);
    refused(await ctx.app.inject({ method: 'GET', url: '/api/payments/%00', headers: memberHeaders }));

    const admin = await createTestAccount(ctx.app, { role: 'admin' });
    const adminHeaders = await signInAs(ctx.app, admin.id);
    refused(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/viewMainUser?search=%00',
        headers: adminHeaders,
      }),
    );
    refused(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/toViewUser/a%00b%40example.com',
        headers: adminHeaders,
      }),
    );
    refused(
      await ctx.app.inject({ method: 'GET', url: '/api/admin/toWelcomeBackUser/%00', headers: adminHeaders }),
    );
  });

  it('answers a validly signed webhook holding NUL with a 400 and stores nothing', async () => {
    const before = await count('payment_events');
    for (const rawBody of [
      JSON.stringify({ event: 'charge.success', data: { reference: `ref${NUL}`, amount: 5_000_00 } }),
      JSON.stringify({ event: 'charge.success', data: { reference: 'ref-1', metadata: { [`k${NUL}`]: 1 } } }),
      JSON.stringify({ event: `transfer.success${NUL}`, data: { reference: 'ref-2' } }),
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/paystack',
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signPaystackBody(SANDBOX_SECRET_KEY, rawBody),
        },
        payload: rawBody,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Not a Paystack event' });
    }
    expect(await count('payment_events')).toBe(before);
  });
});
