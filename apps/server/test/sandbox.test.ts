import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPaymentProvider, SANDBOX_SECRET_KEY, signPaystackBody } from '../src/adapters/payments';
import { createPaystackProvider } from '../src/adapters/payments/paystack-client';
import { DEFAULT_ACCOUNT_NAME } from '../src/adapters/payments/sandbox/state';
import { openTestPglite, testDatabases } from './databases';
import { useListeningApp } from './payments-kit';

// The sandbox keeps its records in the platform's database; one engine is enough to try its protocol.
const ctx = useListeningApp(testDatabases()[0]!);
const provider = () => createPaymentProvider(ctx.app.config);
const ref = () => `t-${randomUUID()}`;

async function initialize(reference = ref(), amountKobo = 5_000_000) {
  const started = await provider().initializeTransaction({
    email: 'ada@example.com',
    amountKobo,
    reference,
    callbackUrl: `${ctx.url}/mainpaystack`,
    metadata: { accountId: 'a1' },
  });
  return { reference, started };
}

const checkout = (reference: string, outcome: string) =>
  fetch(`${ctx.url}/sandbox/paystack/checkout/${reference}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }),
    redirect: 'manual',
  });

describe('Paystack sandbox through the real HTTP client', () => {
  it('uses the sandbox on the platform address with its fixed test key', () => {
    expect(ctx.app.payments.name).toBe('sandbox');
    expect(SANDBOX_SECRET_KEY).toMatch(/^sk_test_/);
  });

  it('refuses API calls without the secret key, like Paystack', async () => {
    const bare = await fetch(`${ctx.url}/sandbox/paystack/bank`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ status: false, message: 'No Authorization Header was found' });
    const wrong = createPaystackProvider({
      name: 'sandbox',
      baseUrl: `${ctx.url}/sandbox/paystack`,
      secretKey: 'sk_test_wrong',
      attempts: 1,
    });
    await expect(wrong.listBanks()).rejects.toThrow(/401/);
  });

  it('initializes a transaction whose checkout page shows the amount and three buttons without script', async () => {
    const { reference, started } = await initialize();
    expect(started).toEqual({
      authorizationUrl: `${ctx.url}/sandbox/paystack/checkout/${reference}`,
      accessCode: reference,
      reference,
    });
    const page = await fetch(started.authorizationUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('50,000');
    for (const outcome of ['success', 'failed', 'abandoned']) expect(html).toContain(`value="${outcome}"`);
    expect(html).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
  });

  it('refuses a reused reference with duplicate_reference', async () => {
    const { reference } = await initialize();
    await expect(initialize(reference)).rejects.toThrow(/Duplicate Transaction Reference/);
  });

  it('pays: verify says success, a charge.success webhook signed with the key was sent, the browser goes to the callback', async () => {
    const { reference } = await initialize();
    expect(await provider().verifyTransaction(reference)).toMatchObject({
      found: true,
      // Paystack's word for a checkout nobody has paid yet; it can still be paid.
      status: 'abandoned',
      amountKobo: 5_000_000,
    });
    const answer = await checkout(reference, 'success');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(
      `${ctx.url}/mainpaystack?trxref=${reference}&reference=${reference}`,
    );
    const verified = await provider().verifyTransaction(reference);
    expect(verified).toMatchObject({
      found: true,
      reference,
      status: 'success',
      currency: 'NGN',
      customerEmail: 'ada@example.com',
      metadata: { accountId: 'a1' },
    });
    const webhook = ctx.sandbox.webhooks.find((w) => w.reference === reference)!;
    expect(webhook.event).toBe('charge.success');
    expect(webhook.signature).toBe(signPaystackBody(SANDBOX_SECRET_KEY, webhook.rawBody));
    expect(provider().verifyWebhookSignature(Buffer.from(webhook.rawBody), webhook.signature)).toBe(true);
    expect(JSON.parse(webhook.rawBody).data).toMatchObject({
      reference,
      status: 'success',
      amount: 5_000_000,
    });
    // A second click changes nothing and sends nothing.
    await checkout(reference, 'failed');
    expect((await provider().verifyTransaction(reference)) as { status: string }).toMatchObject({
      status: 'success',
    });
    expect(ctx.sandbox.webhooks.filter((w) => w.reference === reference)).toHaveLength(1);
  });

  it('declines and cancels without a webhook; a declined card may be tried again', async () => {
    const failed = await initialize();
    await checkout(failed.reference, 'failed');
    expect(await provider().verifyTransaction(failed.reference)).toMatchObject({ status: 'failed' });
    const cancelled = await initialize();
    await checkout(cancelled.reference, 'abandoned');
    expect(await provider().verifyTransaction(cancelled.reference)).toMatchObject({ status: 'abandoned' });
    expect(
      ctx.sandbox.webhooks.filter((w) => [failed.reference, cancelled.reference].includes(w.reference)),
    ).toEqual([]);
    await checkout(failed.reference, 'success');
    expect(await provider().verifyTransaction(failed.reference)).toMatchObject({ status: 'success' });
    // A cancelled page leaves the checkout payable, as at Paystack, until the payment session times out.
    await checkout(cancelled.reference, 'success');
    expect(await provider().verifyTransaction(cancelled.reference)).toMatchObject({ status: 'success' });
  });

  it('answers an unknown reference as not found', async () => {
    expect(await provider().verifyTransaction('no-such-reference')).toEqual({ found: false });
    expect(await provider().verifyTransfer('no-such-reference')).toEqual({ found: false });
  });

  it("lists Paystack's banks over its cursor pages and resolves account numbers (Paystack's documented test accounts too; other 000... numbers never resolve)", async () => {
    const banks = await provider().listBanks();
    expect(banks.find((b) => b.code === '058')).toEqual({
      name: 'Guaranty Trust Bank',
      code: '058',
      active: true,
    });
    // The fintechs and microfinance banks many members bank with, under Paystack's codes.
    for (const [name, code] of [
      ['Kuda Bank', '50211'],
      ['Paycom', '999992'],
      ['PalmPay', '999991'],
      ['Moniepoint MFB', '50515'],
    ])
      expect(banks.find((b) => b.code === code)?.name).toBe(name);
    expect(banks.length).toBeGreaterThan(50);
    expect(new Set(banks.map((b) => b.code)).size).toBe(banks.length);
    expect(await provider().resolveAccount({ accountNumber: '0001234567', bankCode: '058' })).toEqual({
      accountName: DEFAULT_ACCOUNT_NAME,
    });
    expect(await provider().resolveAccount({ accountNumber: '0022728151', bankCode: '063' })).toEqual({
      accountName: 'WES GIBBONS',
    });
    expect(await provider().resolveAccount({ accountNumber: '0001112223', bankCode: '058' })).toBeNull();
    expect(await provider().resolveAccount({ accountNumber: '0123456789', bankCode: '058' })).toEqual({
      accountName: DEFAULT_ACCOUNT_NAME,
    });
    ctx.sandbox.accountNames.set('2233445566', 'OKAFOR ADA');
    expect(await provider().resolveAccount({ accountNumber: '2233445566', bankCode: '058' })).toEqual({
      accountName: 'OKAFOR ADA',
    });
    expect(await provider().resolveAccount({ accountNumber: '0123456789', bankCode: '999' })).toBeNull();
  });

  it('makes transfers that complete by signed webhook: success, failed for numbers ending in 9, and never twice per reference', async () => {
    const good = await provider().createTransferRecipient({
      name: 'Ada Okafor',
      accountNumber: '0123456780',
      bankCode: '058',
    });
    const again = await provider().createTransferRecipient({
      name: 'Ada Okafor',
      accountNumber: '0123456780',
      bankCode: '058',
    });
    expect(again.recipientCode).toBe(good.recipientCode);
    const bad = await provider().createTransferRecipient({
      name: 'Bello Musa',
      accountNumber: '0123456789',
      bankCode: '011',
    });
    const one = randomUUID();
    const queued = await provider().initiateTransfer({
      amountKobo: 250_000,
      recipientCode: good.recipientCode,
      reference: one,
      reason: 'Bonus payout',
    });
    expect(queued).toMatchObject({ reference: one, status: 'pending', amountKobo: 250_000 });
    // The same reference again answers the existing transfer, never a second one.
    const repeated = await provider().initiateTransfer({
      amountKobo: 250_000,
      recipientCode: good.recipientCode,
      reference: one,
      reason: 'Bonus payout',
    });
    expect(repeated.transferCode).toBe(queued.transferCode);
    const a: string = randomUUID();
    const b: string = randomUUID();
    const bulk = await provider().initiateBulkTransfer([
      { amountKobo: 100_000, recipientCode: good.recipientCode, reference: a, reason: 'x' },
      { amountKobo: 200_000, recipientCode: bad.recipientCode, reference: b, reason: 'y' },
    ]);
    expect(bulk.map((t) => t.status)).toEqual(['pending', 'pending']);
    await ctx.sandbox.idle();
    expect(await provider().verifyTransfer(one)).toMatchObject({ status: 'success' });
    expect(await provider().verifyTransfer(a)).toMatchObject({ status: 'success' });
    expect(await provider().verifyTransfer(b)).toMatchObject({ status: 'failed' });
    const events = ctx.sandbox.webhooks
      .filter((w) => [one, a, b].includes(w.reference))
      .map((w) => `${w.event}:${w.reference}`);
    expect(events.sort()).toEqual(
      [`transfer.success:${one}`, `transfer.success:${a}`, `transfer.failed:${b}`].sort(),
    );
    expect(await ctx.sandbox.transfers.count()).toBeGreaterThanOrEqual(3);
  });

  it('holds transfers for a test to settle by hand, including a reversal', async () => {
    ctx.sandbox.autoCompleteTransfers = false;
    try {
      const { recipientCode } = await provider().createTransferRecipient({
        name: 'Ada Okafor',
        accountNumber: '0123456781',
        bankCode: '058',
      });
      const reference = randomUUID();
      await provider().initiateTransfer({ amountKobo: 100_000, recipientCode, reference, reason: 'x' });
      await ctx.sandbox.idle();
      expect(await provider().verifyTransfer(reference)).toMatchObject({ status: 'pending' });
      await ctx.sandbox.completeTransfer(reference, 'reversed');
      expect(await provider().verifyTransfer(reference)).toMatchObject({ status: 'reversed' });
      expect(ctx.sandbox.webhooks.at(-1)).toMatchObject({ event: 'transfer.reversed', reference });
    } finally {
      ctx.sandbox.autoCompleteTransfers = true;
    }
  });
});

describe('provider choice', () => {
  it('with a Paystack key the real service is used and no sandbox is mounted', async () => {
    const { buildApp } = await import('../src/app');
    const { testConfig } = await import('./app');
    const database = await openTestPglite();
    const app = await buildApp(testConfig({ PAYSTACK_SECRET_KEY: 'sk_test_abc123' }), { database });
    try {
      expect(app.payments.name).toBe('paystack');
      expect(app.paystackSandbox).toBeNull();
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/sandbox/paystack/bank',
            headers: { authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('production refuses to start with neither a key nor PAYMENT_PROVIDER=sandbox', async () => {
    const { loadConfig } = await import('../src/config');
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'pglite',
      JWT_SECRET: 'q7Vb0sZ+Lk3N9wXe2Rt5Yu8Io1Pa4Sd6Fg0Hj2Kl3Zx5Cv7Bn9',
      PUBLIC_URL: 'https://example.ng',
      MAIL_TRANSPORT: 'outbox',
      TOTP_ENCRYPTION_KEY: 'Zq3v8mT1pX0cR7wN2bY5kL9sD4hF6jG1aE8uI3oP0nM=',
    };
    expect(() => loadConfig(production)).toThrow(/PAYSTACK_SECRET_KEY/);
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
  });
});
