import { SANDBOX_BANKS } from '../src/adapters/payments/sandbox/nigerian-banks';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bankDetails } from '../src/db/schema';
import { httpErrorOf } from '../src/plugins/errors';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { useListeningApp } from './payments-kit';

const body = (overrides: Record<string, unknown> = {}) => ({
  type: 'savings',
  accountNumber: '0123456781',
  accountName: 'Ada Okafor',
  bankCode: '058',
  ...overrides,
});

describeEachDatabase('bank details', (database) => {
  const ctx = useListeningApp(database);
  const save = async (headers: Record<string, string>, payload: unknown, path = '/api/auth/register') =>
    ctx.app.inject({ method: 'POST', url: path, headers, payload: payload as Record<string, unknown> });
  const stored = async (accountId: string) =>
    (await ctx.app.db.select().from(bankDetails).where(eq(bankDetails.accountId, accountId)))[0];

  it('serves the bank list publicly, each bank with its own code', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/banks' });
    expect(res.statusCode).toBe(200);
    const { banks } = res.json() as { banks: { name: string; code: string }[] };
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
    expect(banks.find((b) => b.name === 'Zenith Bank')?.code).toBe('057');
    // A bank that can no longer receive transfers is not offered.
    expect(banks.find((b) => b.code === '030')).toBeUndefined();
    // Paystack's whole list, over its cursor pages: the fintechs too, not a built-in short table.
    expect(banks).toHaveLength(SANDBOX_BANKS.filter((b) => b.active).length);
    for (const code of ['50211', '999992', '999991', '50515'])
      expect(
        banks.some((b) => b.code === code),
        code,
      ).toBe(true);
    // Paystack spells one bank "Petra Mircofinance Bank Plc"; members read it spelt right, under the same code.
    expect(banks.find((b) => b.code === '50746')?.name).toBe('Petra Microfinance Bank Plc');
    expect(banks.some((b) => b.name.includes('Mircofinance'))).toBe(false);
  });

  it('saves verified details when the bank knows the name, and answers only the last 4 digits', async () => {
    const account = await createTestAccount(ctx.app, { fullName: 'Ada Okafor' });
    const headers = await signInAs(ctx.app, account.id);
    ctx.sandbox.accountNames.set('0123456781', 'OKAFOR ADA CHIOMA');
    const res = await save(headers, body({ email: account.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      verified: true,
      bankDetails: {
        bankName: 'Guaranty Trust Bank',
        bankCode: '058',
        accountNumberLast4: '6781',
        verified: true,
      },
    });
    expect(answer.message).toContain('confirmed');
    expect(answer.Message).toBe(answer.message);
    expect(res.body).not.toContain('0123456781');
    const row = await stored(account.id);
    expect(row).toMatchObject({
      accountNumber: '0123456781',
      accountNumberLast4: '6781',
      verified: true,
      resolvedAccountName: 'OKAFOR ADA CHIOMA',
    });
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetAccountId, account.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'bank_details_saved',
      actorAccountId: account.id,
      details: { accountNumberLast4: '6781', verified: true },
    });
    expect(JSON.stringify(audit[0]!.details)).not.toContain('0123456781');

    const mine = await ctx.app.inject({ method: 'GET', url: '/api/me/bank-details', headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().bankDetails).toMatchObject({
      accountNumberLast4: '6781',
      bankName: 'Guaranty Trust Bank',
      verified: true,
    });
    expect(mine.body).not.toContain('0123456781');
  });

  it('keeps details unverified when the name differs or the number does not resolve', async () => {
    const account = await createTestAccount(ctx.app, { programme: 'welcomeback' });
    const headers = await signInAs(ctx.app, account.id);
    ctx.sandbox.accountNames.set('2222222222', 'BELLO MUSA');
    const differs = await save(
      headers,
      body({ accountNumber: '2222222222', accountName: 'Ada Okafor', bankCode: '011' }),
      '/api/auth/bankdetails',
    );
    expect(differs.statusCode).toBe(200);
    expect(differs.json()).toMatchObject({
      verified: false,
      bankDetails: { bankName: 'First Bank of Nigeria', accountNumberLast4: '2222' },
    });
    expect(differs.json().Message).toContain('does not match');
    expect(await stored(account.id)).toMatchObject({
      verified: false,
      resolvedAccountName: 'BELLO MUSA',
      verifiedAt: null,
    });

    const unknown = await save(headers, body({ accountNumber: '0001112223' }), '/api/auth/bankdetails');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ verified: false });
    expect(await stored(account.id)).toMatchObject({
      accountNumber: '0001112223',
      verified: false,
      resolvedAccountName: null,
    });
  });

  it('refuses another account’s email with 403 and changes nothing', async () => {
    const account = await createTestAccount(ctx.app);
    const other = await createTestAccount(ctx.app);
    const headers = await signInAs(ctx.app, account.id);
    await save(headers, body());
    const before = await stored(account.id);
    const res = await save(headers, body({ email: other.email, accountNumber: '9999999999' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/signed in/);
    expect(res.json().Message).toBe(res.json().message);
    expect(await stored(account.id)).toEqual(before);
    expect(await stored(other.id)).toBeUndefined();
    expect(
      await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetAccountId, account.id)),
    ).toHaveLength(1);
  });

  it('refuses an unknown bank code, an inactive bank, a bad number and the wrong programme', async () => {
    const account = await createTestAccount(ctx.app);
    const headers = await signInAs(ctx.app, account.id);
    expect((await save(headers, body({ bankCode: 'fcmb' }))).json().message).toBe('Please select your bank');
    expect((await save(headers, body({ bankCode: '030' }))).json().message).toMatch(
      /Heritage Bank can no longer/,
    );
    const short = await save(headers, body({ accountNumber: '12345' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Please enter a valid account number');
    expect((await save(headers, body(), '/api/auth/bankdetails')).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body() })).statusCode,
    ).toBe(401);
    expect(await stored(account.id)).toBeUndefined();
  });

  it('limits how often one account can save (each save asks the bank)', async () => {
    const account = await createTestAccount(ctx.app);
    const headers = await signInAs(ctx.app, account.id);
    for (let i = 0; i < 10; i += 1) expect((await save(headers, body())).statusCode).toBe(200);
    expect((await save(headers, body())).statusCode).toBe(429);
  });

  it('answers null before any details are saved, and needs a signed-in account', async () => {
    const account = await createTestAccount(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/me/bank-details',
      headers: await signInAs(ctx.app, account.id),
    });
    expect(res.json()).toEqual({ bankDetails: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/bank-details' })).statusCode).toBe(401);
  });
});

describe('bank list that cannot be loaded', () => {
  it('says so (502 with words for the member), asks again on the next call, and then keeps the list it had', async () => {
    const { createBankDirectory, BANK_LIST_UNAVAILABLE } =
      await import('../src/modules/bank-details/bank-directory');
    const { createPaystackProvider } = await import('../src/adapters/payments/paystack-client');
    let reachable = false;
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(String(input));
      if (!reachable) throw new TypeError('fetch failed');
      return new Response(
        JSON.stringify({
          status: true,
          message: 'Banks retrieved',
          data: [{ name: 'Kuda Bank', code: '50211', active: true, is_deleted: false }],
          meta: { next: null },
        }),
        { status: 200 },
      );
    };
    const provider = createPaystackProvider({
      name: 'paystack',
      baseUrl: 'http://paystack.invalid',
      secretKey: 'sk_test_x',
      attempts: 1,
      fetch: fakeFetch,
    });
    const logged: unknown[] = [];
    const log = {
      warn: (...args: unknown[]) => logged.push(args),
      error: (...args: unknown[]) => logged.push(args),
    } as never;
    const directory = createBankDirectory(provider, log);
    // The directory refuses with a domain code; the one table answers it with a 502 and the same words.
    const refusal = await directory.activeBanks().catch((error: unknown) => error);
    expect(httpErrorOf(refusal)).toMatchObject({
      statusCode: 502,
      message: BANK_LIST_UNAVAILABLE,
    });
    reachable = true;
    expect(await directory.activeBanks()).toEqual([{ name: 'Kuda Bank', code: '50211', active: true }]);
    expect(calls).toHaveLength(2);
    // Cached: the next call does not ask again.
    await directory.activeBanks();
    expect(calls).toHaveLength(2);
    expect(logged).toHaveLength(1);
  });
});
