import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, signPaystackBody } from '../src/adapters/payments';
import { createPaystackProvider } from '../src/adapters/payments/paystack-client';

/** A misbehaving Paystack at its protocol boundary: each test queues the answers it wants, in order. */
type Answer = { status: number; body?: unknown } | 'hang' | 'drop';
let queue: Answer[] = [];
const seen: { method: string; url: string; authorization?: string; body: string }[] = [];
let server: Server;
let baseUrl: string;

function handle(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    seen.push({
      method: request.method!,
      url: request.url!,
      authorization: request.headers.authorization,
      body,
    });
    const next = queue.shift() ?? { status: 500 };
    if (next === 'hang') return; // never answers: the client's timeout must fire
    if (next === 'drop') return request.socket.destroy();
    response
      .writeHead(next.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(next.body ?? {}));
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const secretKey = 'sk_test_clienttest';
const client = () =>
  createPaystackProvider({
    name: 'paystack',
    baseUrl,
    secretKey,
    timeoutMs: 300,
    attempts: 3,
    retryDelayMs: 10,
  });
const verified = {
  status: true,
  message: 'Verification successful',
  data: {
    reference: 'r1',
    status: 'success',
    amount: 5_000_000,
    currency: 'NGN',
    paid_at: '2026-01-01T00:00:00Z',
    customer: { email: 'a@b.ng' },
    metadata: '',
  },
};

describe('Paystack HTTP client', () => {
  it('sends the secret key as a bearer token and kobo as integers', async () => {
    seen.length = 0;
    queue = [
      {
        status: 200,
        body: {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: 'https://checkout.paystack.com/abc',
            access_code: 'abc',
            reference: 'r1',
          },
        },
      },
    ];
    const answer = await client().initializeTransaction({
      email: 'a@b.ng',
      amountKobo: 5_000_000,
      reference: 'r1',
      callbackUrl: 'https://x.ng/mainpaystack',
    });
    expect(answer).toEqual({
      authorizationUrl: 'https://checkout.paystack.com/abc',
      accessCode: 'abc',
      reference: 'r1',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/transaction/initialize',
      authorization: `Bearer ${secretKey}`,
    });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({
      email: 'a@b.ng',
      amount: 5_000_000,
      reference: 'r1',
      currency: 'NGN',
      callback_url: 'https://x.ng/mainpaystack',
    });
  });

  it('retries a 5xx, a dropped connection and a timeout, then answers', async () => {
    seen.length = 0;
    queue = [{ status: 502 }, 'drop', 'hang'];
    await expect(client().verifyTransaction('r1')).rejects.toThrow(PaymentProviderError);
    expect(seen).toHaveLength(3);
    seen.length = 0;
    queue = [{ status: 503 }, 'hang', { status: 200, body: verified }];
    expect(await client().verifyTransaction('r1')).toEqual({
      found: true,
      reference: 'r1',
      status: 'success',
      amountKobo: 5_000_000,
      requestedAmountKobo: null,
      feesKobo: null,
      currency: 'NGN',
      paidAt: '2026-01-01T00:00:00Z',
      customerEmail: 'a@b.ng',
      metadata: {},
    });
    expect(seen).toHaveLength(3);
  });

  it('does not retry a 4xx; an unknown reference is not found; a bad key is an error', async () => {
    seen.length = 0;
    queue = [{ status: 404, body: { status: false, message: 'Transaction reference not found' } }];
    expect(await client().verifyTransaction('nope')).toEqual({ found: false });
    expect(seen).toHaveLength(1);
    queue = [{ status: 401, body: { status: false, message: 'Invalid key' } }];
    const error = await client()
      .listBanks()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).retryable).toBe(false);
    expect(String(error)).not.toContain(secretKey);
  });

  it('refuses an answer that is not in Paystack shape', async () => {
    queue = [
      {
        status: 200,
        body: {
          status: true,
          message: 'ok',
          data: { reference: 'r1', status: 'success', amount: '5000000.5', currency: 'NGN' },
        },
      },
    ];
    await expect(client().verifyTransaction('r1')).rejects.toThrow(/expected shape/);
  });

  it('treats an unresolvable account as null, and a reused transfer reference as the existing transfer', async () => {
    queue = [
      {
        status: 422,
        body: { status: false, message: 'Could not resolve account name. Check parameters or try again.' },
      },
    ];
    expect(await client().resolveAccount({ accountNumber: '0000000000', bankCode: '058' })).toBeNull();
    seen.length = 0;
    queue = [
      { status: 400, body: { status: false, message: 'Reference already exists on a transfer' } },
      {
        status: 200,
        body: {
          status: true,
          message: 'Transfer retrieved',
          data: { reference: 'p-1234567890abcdef', status: 'success', transfer_code: 'TRF_1', amount: 100 },
        },
      },
    ];
    const state = await client().initiateTransfer({
      amountKobo: 100,
      recipientCode: 'RCP_1',
      reference: 'p-1234567890abcdef',
      reason: 'x',
    });
    expect(state).toEqual({
      reference: 'p-1234567890abcdef',
      status: 'success',
      transferCode: 'TRF_1',
      amountKobo: 100,
    });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /transfer',
      'GET /transfer/verify/p-1234567890abcdef',
    ]);
  });

  it('follows the bank list’s cursor pages and drops deleted banks', async () => {
    seen.length = 0;
    const bank = (name: string, code: string, extra = {}) => ({
      name,
      code,
      active: true,
      is_deleted: false,
      ...extra,
    });
    queue = [
      {
        status: 200,
        body: {
          status: true,
          message: 'Banks retrieved',
          data: [bank('Access Bank', '044'), bank('Old Bank', '999', { is_deleted: true })],
          meta: { next: 'YmFuazo0NA==' },
        },
      },
      {
        status: 200,
        body: {
          status: true,
          message: 'Banks retrieved',
          data: [bank('Globus Bank', '00103', { active: false })],
          meta: { next: null },
        },
      },
    ];
    expect(await client().listBanks()).toEqual([
      { name: 'Access Bank', code: '044', active: true },
      { name: 'Globus Bank', code: '00103', active: false },
    ]);
    expect(seen).toHaveLength(2);
    expect(new URL(seen[1]!.url, baseUrl).searchParams.get('next')).toBe('YmFuazo0NA==');
  });

  it('checks webhook signatures over the raw bytes in constant time', () => {
    const raw = Buffer.from('{"event":"charge.success","data":{"reference":"r1","amount":5000000}}');
    const good = signPaystackBody(secretKey, raw);
    expect(good).toMatch(/^[0-9a-f]{128}$/);
    expect(client().verifyWebhookSignature(raw, good)).toBe(true);
    expect(client().verifyWebhookSignature(raw, undefined)).toBe(false);
    expect(client().verifyWebhookSignature(raw, 'abc')).toBe(false);
    expect(client().verifyWebhookSignature(raw, signPaystackBody('sk_test_other', raw))).toBe(false);
    // The same JSON re-serialised with other spacing is other bytes: the signature must not match.
    expect(
      client().verifyWebhookSignature(Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 1)), good),
    ).toBe(false);
  });
});
