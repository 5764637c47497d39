import { getPlan } from '@coop/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPaystackProvider } from '../src/adapters/payments/paystack-client';
import { SANDBOX_SESSION_TIMEOUT_SECONDS } from '../src/adapters/payments/sandbox/state';
import { buildApp } from '../src/app';
import { forgetCheckoutLifetime } from '../src/modules/payments/checkout-lifetime';
import { queryRows } from '../src/db/rows';
import { activate, unbalancedEntries } from './engine-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase, openTestPglite } from './databases';
import {
  callApi,
  paymentFacts,
  pressCheckout,
  signInOverHttp,
  startPayment,
  useListeningApp,
} from './payments-kit';

describeEachDatabase(
  'fee payments through the Paystack client and the sandbox on a real port',
  (database) => {
    const ctx = useListeningApp(database);

    /** A sponsor with a paid position, and a newcomer it referred, signed in over HTTP. */
    async function newcomer(programme: 'main' | 'welcomeback' = 'main') {
      const sponsor = await createTestAccount(ctx.app, { programme, fullName: 'Sponsor Person' });
      await activate(ctx.app.db, programme, sponsor.id);
      const account = await createTestAccount(ctx.app, {
        programme,
        sponsorAccountId: sponsor.id,
        password: 'a good password',
        fullName: 'Ada Okafor',
      });
      const headers = await signInOverHttp(ctx, programme, account.email, 'a good password');
      return { sponsor, account, headers };
    }

    it('Main: sign in, initiate, pay at the checkout, webhook, verified, position placed, sponsor credited', async () => {
      const { sponsor, account, headers } = await newcomer('main');
      const started = await callApi(ctx, '/api/auth/process-payment', {
        method: 'POST',
        headers,
        body: { email: account.email },
      });
      expect(started.status).toBe(200);
      const { data: checkoutUrl, reference } = started.body;
      expect(checkoutUrl).toBe(`${ctx.url}/sandbox/paystack/checkout/${reference}`);
      expect(reference).toMatch(/^MN-[0-9a-f]{32}$/);
      expect(started.body.message).toBeTruthy();
      expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
        status: 'pending',
        positions: 0,
        sponsorReferralCredits: 0,
      });

      const location = await pressCheckout(checkoutUrl, 'success');
      expect(location).toBe(`${ctx.url}/mainpaystack?trxref=${reference}&reference=${reference}`);
      const webhook = ctx.sandbox.webhooks.find((w) => w.reference === reference);
      expect(webhook).toMatchObject({ event: 'charge.success', httpStatus: 200 });
      await ctx.app.paymentWork.settled();

      const facts = await paymentFacts(ctx.app, reference, account.id, sponsor.id);
      expect(facts).toMatchObject({ status: 'paid', positions: 1, sponsorReferralCredits: 1, events: 1 });
      expect(facts.positionId).not.toBeNull();
      const status = await callApi(ctx, `/api/payments/${reference}`, { headers });
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({
        reference,
        programme: 'main',
        status: 'paid',
        paid: true,
        amount: '50000.00',
        stage: 0,
        stageName: getPlan('main').stages[0]!.name,
      });
      expect(await unbalancedEntries(ctx.app.db)).toEqual([]);

      // Paid once: a second Main payment is refused and nothing is created.
      const again = await callApi(ctx, '/api/auth/process-payment', { method: 'POST', headers, body: {} });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already paid/);
    });

    it('Welcome Back: N5,000 to /welcomepaystack; a second payment waits until the position finishes Thank You', async () => {
      const { sponsor, account, headers } = await newcomer('welcomeback');
      const { checkoutUrl, reference } = await startPayment(ctx, headers, 'welcomeback');
      expect(reference).toMatch(/^WB-/);
      expect((await ctx.sandbox.transactions.get(reference))?.amountKobo).toBe(
        getPlan('welcomeback').feeKobo,
      );
      expect(await pressCheckout(checkoutUrl, 'success')).toBe(
        `${ctx.url}/welcomepaystack?trxref=${reference}&reference=${reference}`,
      );
      await ctx.app.paymentWork.settled();
      expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
        status: 'paid',
        positions: 1,
        sponsorReferralCredits: 1,
      });
      const status = await callApi(ctx, `/api/payments/${reference}`, { headers });
      expect(status.body).toMatchObject({ status: 'paid', amount: '5000.00', stage: 0 });
      const again = await callApi(ctx, '/api/auth/welcomepaystack', { method: 'POST', headers, body: {} });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/Thank You/);
    });

    it('failed and abandoned payments change nothing but the payment’s status', async () => {
      const { sponsor, account, headers } = await newcomer('main');
      const entriesBefore = (await paymentFacts(ctx.app, 'none', account.id)).journalEntries;
      for (const outcome of ['failed', 'abandoned'] as const) {
        const { checkoutUrl, reference } = await startPayment(ctx, headers);
        expect(await pressCheckout(checkoutUrl, outcome)).toBe(
          `${ctx.url}/mainpaystack?trxref=${reference}&reference=${reference}`,
        );
        await ctx.app.paymentWork.settled();
        const status = await callApi(ctx, `/api/payments/${reference}`, { headers });
        expect(status.body).toMatchObject({ status: outcome, paid: false, stage: null });
        expect(status.body.message).toMatch(/no money was taken/);
        expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
          status: outcome,
          positions: 0,
          sponsorReferralCredits: 0,
          events: 0,
          journalEntries: entriesBefore,
        });
      }
      // Nothing was paid, so a new payment may start.
      expect(
        (await callApi(ctx, '/api/auth/process-payment', { method: 'POST', headers, body: {} })).status,
      ).toBe(200);
    });

    it('answers 404 for someone else’s payment and refuses an email that is not the signed-in account’s', async () => {
      const { headers } = await newcomer('main');
      const { reference } = await startPayment(ctx, headers);
      const stranger = await createTestAccount(ctx.app);
      const strangerHeaders = await signInAs(ctx.app, stranger.id);
      expect((await callApi(ctx, `/api/payments/${reference}`, { headers: strangerHeaders })).status).toBe(
        404,
      );
      expect((await callApi(ctx, '/api/payments/MN-doesnotexist', { headers })).status).toBe(404);
      expect((await callApi(ctx, `/api/payments/${reference}`)).status).toBe(401);
      const other = await callApi(ctx, '/api/auth/process-payment', {
        method: 'POST',
        headers,
        body: { email: stranger.email },
      });
      expect(other.status).toBe(403);
      // A Welcome Back account cannot use the Main call.
      const wb = await createTestAccount(ctx.app, { programme: 'welcomeback' });
      expect(
        (
          await callApi(ctx, '/api/auth/process-payment', {
            method: 'POST',
            headers: await signInAs(ctx.app, wb.id),
            body: {},
          })
        ).status,
      ).toBe(403);
    });

    it('gives a member who starts the payment twice the same checkout (same reference), even two clicks at once; one payment is taken', async () => {
      const { account, headers } = await newcomer('main');
      const start = () => callApi(ctx, '/api/auth/process-payment', { method: 'POST', headers, body: {} });
      const first = await start();
      expect(first.status).toBe(200);
      const again = await start();
      expect(again.body).toMatchObject({ reference: first.body.reference, data: first.body.data });
      const both = await Promise.all([start(), start()]);
      expect(both.map((r) => r.body.reference)).toEqual([first.body.reference, first.body.reference]);
      const rows = await queryRows<{ reference: string }>(
        ctx.app.db,
        sql`select reference from payments where account_id = ${account.id}`,
      );
      expect(rows).toEqual([{ reference: first.body.reference }]);
      // Once paid, starting again is refused: the member is already placed.
      await pressCheckout(first.body.data, 'success');
      await expect
        .poll(
          async () =>
            (await paymentFacts(ctx.app, first.body.reference, account.id, account.sponsorAccountId!)).status,
          { timeout: 15_000 },
        )
        .toBe('paid');
      expect((await start()).status).toBe(409);
    });

    it('gives the same checkout (reference and link) after Paystack answers abandoned, while its payment session lasts', async () => {
      const { account, headers } = await newcomer('welcomeback');
      const first = await startPayment(ctx, headers, 'welcomeback');
      await pressCheckout(first.checkoutUrl, 'abandoned');
      await expect
        .poll(async () => (await callApi(ctx, `/api/payments/${first.reference}`, { headers })).body.status, {
          timeout: 15_000,
        })
        .toBe('abandoned');
      // Nobody paid it: the sandbox answers abandoned, as Paystack does, and the checkout is given again.
      expect(await ctx.app.payments.verifyTransaction(first.reference)).toMatchObject({
        status: 'abandoned',
      });
      const again = await startPayment(ctx, headers, 'welcomeback');
      expect(again).toEqual(first);
      // Paid there, it places the member once.
      await pressCheckout(again.checkoutUrl, 'success');
      await expect
        .poll(async () => (await paymentFacts(ctx.app, first.reference, account.id)).status, {
          timeout: 15_000,
        })
        .toBe('paid');
      const rows = await queryRows<{ reference: string }>(
        ctx.app.db,
        sql`select reference from payments where account_id = ${account.id}`,
      );
      expect(rows).toEqual([{ reference: first.reference }]);
    });

    it('starts a new checkout at once when the link of an abandoned one was lost (a start cut off by a restart)', async () => {
      const { account, headers } = await newcomer('welcomeback');
      const first = await startPayment(ctx, headers, 'welcomeback');
      // Paystack made the checkout, but the answer with its link never reached the row (the process was killed).
      await ctx.app.db.execute(
        sql`update payments set authorization_url = null, access_code = null where reference = ${first.reference}`,
      );
      const again = await startPayment(ctx, headers, 'welcomeback');
      // The earlier start is settled first (Paystack: abandoned); nobody is still setting it up, so no "wait a moment".
      expect(again.reference).not.toBe(first.reference);
      expect((await paymentFacts(ctx.app, first.reference, account.id)).status).toBe('abandoned');
    });

    it("keeps an unpaid checkout for Paystack's payment session timeout, and starts a new one after it", async () => {
      const { headers } = await newcomer('welcomeback');
      ctx.sandbox.paymentSessionTimeoutSeconds = 600;
      forgetCheckoutLifetime(ctx.app.payments);
      try {
        const first = await startPayment(ctx, headers, 'welcomeback');
        const age = (minutes: number) =>
          ctx.app.db.execute(
            sql`update payments set created_at = now() - ${minutes} * interval '1 minute' where reference = ${first.reference}`,
          );
        await age(9);
        expect(await startPayment(ctx, headers, 'welcomeback')).toEqual(first);
        await age(11);
        const second = await startPayment(ctx, headers, 'welcomeback');
        expect(second.reference).not.toBe(first.reference);
      } finally {
        ctx.sandbox.paymentSessionTimeoutSeconds = SANDBOX_SESSION_TIMEOUT_SECONDS;
        forgetCheckoutLifetime(ctx.app.payments);
      }
    });

    it('limits how often one account can start a checkout', async () => {
      const account = await createTestAccount(ctx.app);
      const headers = await signInAs(ctx.app, account.id);
      for (let i = 0; i < 10; i += 1)
        expect(
          (await callApi(ctx, '/api/auth/process-payment', { method: 'POST', headers, body: {} })).status,
        ).toBe(200);
      const limited = await callApi(ctx, '/api/auth/process-payment', { method: 'POST', headers, body: {} });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/Too many attempts/);
    });
  },
);

describe('when the payment provider cannot be reached', () => {
  it('says so plainly, takes no money and keeps the attempt as failed', async () => {
    const database = await openTestPglite();
    const unreachable = createPaystackProvider({
      name: 'paystack',
      baseUrl: 'http://127.0.0.1:9',
      secretKey: 'sk_test_x',
      attempts: 2,
      timeoutMs: 200,
      retryDelayMs: 10,
    });
    const app = await buildApp(testConfig({ PAYSTACK_SECRET_KEY: 'sk_test_x' }), {
      database,
      payments: unreachable,
    });
    try {
      const account = await createTestAccount(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/process-payment',
        headers: await signInAs(app, account.id),
        payload: {},
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toMatchObject({
        message:
          'Card payments are paused for a few minutes: our payment provider, Paystack, is not answering. No money was taken. Please try again shortly.',
        code: 'payments_paused',
      });
      const rows = await queryRows<{ status: string }>(
        app.db,
        sql`select status from payments where account_id = ${account.id}`,
      );
      expect(rows).toEqual([{ status: 'failed' }]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
