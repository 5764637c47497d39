/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked field by field in the tests */
import { createServer } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { SandboxState } from '../src/adapters/payments/sandbox/state';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { testConfig } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import type { TestDatabase } from './databases';
import { activate } from './engine-test-kit';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The real app listening on a real port with PUBLIC_URL pointing at it, so the Paystack HTTP client talks to
 * the sandbox over HTTP and the sandbox's webhooks reach the platform over HTTP, as in production.
 */
export function useListeningApp(database: TestDatabase, env: Record<string, string> = {}) {
  const ctx = {} as { app: App; database: Database; url: string; sandbox: SandboxState };
  beforeAll(async () => {
    ctx.database = await database.open();
    const port = await freePort();
    ctx.url = `http://127.0.0.1:${port}`;
    ctx.app = await buildApp(
      testConfig({ PORT: String(port), PUBLIC_URL: ctx.url, PAYMENT_PROVIDER: 'sandbox', ...env }),
      { database: ctx.database },
    );
    await ctx.app.listen({ port, host: '127.0.0.1' });
    ctx.sandbox = ctx.app.paystackSandbox!;
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

type Ctx = { app: App; url: string; sandbox: SandboxState };

/** A call to the platform over its real port. */
export async function callApi(
  ctx: Ctx,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const response = await fetch(`${ctx.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
}

/** Signs in through the real login call and answers the Authorization header. */
export async function signInOverHttp(
  ctx: Ctx,
  programme: 'main' | 'welcomeback',
  email: string,
  password: string,
) {
  const answer = await callApi(ctx, programme === 'main' ? '/api/auth/login' : '/api/auth/loginwelc', {
    method: 'POST',
    body: { email, password },
  });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { authorization: `Bearer ${answer.body.token as string}` };
}

export async function startPayment(
  ctx: Ctx,
  headers: Record<string, string>,
  programme: 'main' | 'welcomeback' = 'main',
) {
  const answer = await callApi(
    ctx,
    programme === 'main' ? '/api/auth/process-payment' : '/api/auth/welcomepaystack',
    { method: 'POST', headers, body: {} },
  );
  if (answer.status !== 200)
    throw new Error(`payment start failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { checkoutUrl: answer.body.data as string, reference: answer.body.reference as string };
}

/** Opens the checkout page and presses a button as the browser's form post does; answers where the browser goes next. */
export async function pressCheckout(checkoutUrl: string, outcome: 'success' | 'failed' | 'abandoned') {
  const page = await fetch(checkoutUrl);
  if (page.status !== 200) throw new Error(`checkout page: ${page.status}`);
  await page.text();
  const answer = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }),
    redirect: 'manual',
  });
  return answer.headers.get('location');
}

/** Delivers a webhook body as Paystack would, with the given signature. */
export async function postWebhook(ctx: Ctx, rawBody: string, signature: string | undefined) {
  const response = await fetch(`${ctx.url}/api/webhooks/paystack`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-paystack-signature': signature }),
    },
    body: rawBody,
  });
  await response.text();
  return response.status;
}

/** What a payment may change: the payment row, the payer's positions, the sponsor's referral credits, the stored events. */
export async function paymentFacts(
  app: App,
  reference: string,
  accountId: string,
  sponsorAccountId?: string,
) {
  const count = async (query: SQL) => Number((await queryRows<{ n: string }>(app.db, query))[0]!.n);
  const [payment] = await queryRows<{ status: string; position_id: string | null; paid_at: Date | null }>(
    app.db,
    sql`select status, position_id, paid_at from payments where reference = ${reference}`,
  );
  return {
    status: payment?.status,
    positionId:
      payment?.position_id === null || payment?.position_id === undefined
        ? null
        : Number(payment.position_id),
    positions: await count(sql`select count(*) as n from positions where account_id = ${accountId}`),
    sponsorReferralCredits: sponsorAccountId
      ? await count(
          sql`select count(*) as n from credits where account_id = ${sponsorAccountId} and kind = 'referral'`,
        )
      : 0,
    journalEntries: await count(sql`select count(*) as n from journal_entries`),
    events: await count(sql`select count(*) as n from payment_events where reference = ${reference}`),
  };
}

/** A Main newcomer with a paid sponsor, whose checkout is paid while the sandbox holds its webhook. */
export async function paidWithWebhookHeld(ctx: Ctx & { app: App }) {
  const sponsor = await createTestAccount(ctx.app);
  await activate(ctx.app.db, 'main', sponsor.id);
  const account = await createTestAccount(ctx.app, { sponsorAccountId: sponsor.id });
  const headers = await signInAs(ctx.app, account.id);
  const { checkoutUrl, reference } = await startPayment(ctx, headers);
  ctx.sandbox.deliverWebhooks = false;
  try {
    await pressCheckout(checkoutUrl, 'success');
  } finally {
    ctx.sandbox.deliverWebhooks = true;
  }
  const webhook = ctx.sandbox.webhooks.find((w) => w.reference === reference)!;
  expect(webhook).toMatchObject({ event: 'charge.success', httpStatus: null });
  return { sponsor, account, headers, reference, webhook };
}
