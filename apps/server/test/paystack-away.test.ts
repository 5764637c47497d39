import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_SECRET_KEY } from '../src/adapters/payments';
import { createPaystackProvider } from '../src/adapters/payments/paystack-client';
import { buildApp, type App } from '../src/app';
import type { SandboxState } from '../src/adapters/payments/sandbox/state';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { ledgerDiscrepancies } from '../src/modules/ledger/queries';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile';
import { resumeWaitingTransfers } from '../src/modules/payouts/resume-transfers';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';
import { activate, unbalancedEntries } from './engine-test-kit';
import { callApi, freePort, paymentFacts, postWebhook, pressCheckout, signInOverHttp } from './payments-kit';
import { startPaystackOutageProxy } from './paystack-outage';
import { fundWallet, saveBankDetails } from './payouts-test-kit';

const MINUTE = 60_000;
const PAUSED =
  'Card payments are paused for a few minutes: our payment provider, Paystack, is not answering. No money was taken. Please try again shortly.';

describeEachDatabase('Paystack away for minutes, then back (decision 0046)', (database) => {
  const ctx = {} as {
    app: App;
    database: Database;
    url: string;
    sandbox: SandboxState;
    proxy: Awaited<ReturnType<typeof startPaystackOutageProxy>>;
  };

  beforeAll(async () => {
    ctx.database = await database.open();
    const port = await freePort();
    ctx.url = `http://127.0.0.1:${port}`;
    // The platform's real Paystack client, pointed at the proxy in front of the sandbox; a short timeout and two
    // attempts so an outage costs the test a second per call rather than production's 30.
    ctx.proxy = await startPaystackOutageProxy(() => ctx.url);
    const payments = createPaystackProvider({
      name: 'sandbox',
      baseUrl: `${ctx.proxy.url}/sandbox/paystack`,
      secretKey: SANDBOX_SECRET_KEY,
      timeoutMs: 400,
      attempts: 2,
      retryDelayMs: 10,
    });
    ctx.app = await buildApp(
      testConfig({ PORT: String(port), PUBLIC_URL: ctx.url, PAYMENT_PROVIDER: 'sandbox' }),
      { database: ctx.database, payments },
    );
    await ctx.app.listen({ port, host: '127.0.0.1' });
    ctx.sandbox = ctx.app.paystackSandbox!;
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.proxy?.close();
    await ctx.database?.close();
  });

  /** A sponsor with a paid position, and a newcomer it referred, signed in over HTTP. */
  async function newcomer(name: string) {
    const sponsor = await createTestAccount(ctx.app, { programme: 'main', fullName: `Sponsor of ${name}` });
    await activate(ctx.app.db, 'main', sponsor.id);
    const account = await createTestAccount(ctx.app, {
      programme: 'main',
      sponsorAccountId: sponsor.id,
      password: 'a good password',
      fullName: name,
    });
    const headers = await signInOverHttp(ctx, 'main', account.email, 'a good password');
    return { sponsor, account, headers };
  }
  const pressPay = (headers: Record<string, string>) =>
    callApi(ctx, '/api/auth/process-payment', { method: 'POST', headers, body: {} });
  const pressPayRaw = (headers: Record<string, string>) =>
    fetch(`${ctx.url}/api/auth/process-payment`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
  const paymentsOf = (accountId: string) =>
    queryRows<{ reference: string; status: string }>(
      ctx.app.db,
      sql`select reference, status from payments where account_id = ${accountId} order by created_at`,
    );
  const receivedMails = async (accountId: string) =>
    Number(
      (
        await queryRows<{ n: string }>(
          ctx.app.db,
          sql`select count(*) as n from notifications where account_id = ${accountId} and kind = 'payment_received'`,
        )
      )[0]!.n,
    );

  async function payee(programme: Programme, name: string, amountKobo: number) {
    const account = await createTestAccount(ctx.app, { programme, fullName: name });
    await saveBankDetails(ctx.app.db, account.id, {
      accountNumber: String(3_100_000_000 + Math.floor(Math.random() * 800_000_000)).replace(/9$/, '1'),
    });
    await fundWallet(ctx.app.db, programme, account.id, amountKobo);
    return { id: account.id, amountKobo };
  }
  const balanceOf = async (key: string) =>
    Number(
      (
        await queryRows<{ balance_kobo: string }>(
          ctx.app.db,
          sql`select balance_kobo from ledger_accounts where key = ${key}`,
        )
      )[0]?.balance_kobo ?? 0,
    );
  const payoutsOf = (runId: number) =>
    queryRows<{ status: string; failure_reason: string | null }>(
      ctx.app.db,
      sql`select status, failure_reason from payouts where run_id = ${runId} order by id`,
    );
  const settled = async () => {
    await ctx.app.paymentWork.settled();
    await ctx.app.paystackSandbox!.idle();
    await ctx.app.paymentWork.settled();
  };

  it(
    'members are told payments are paused, those who paid meanwhile are placed once, and payouts are sent once when Paystack is back',
    { timeout: 120_000 },
    async () => {
      const { sandbox } = ctx;
      const admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
      // Before the outage: Ada and Bola open their checkouts.
      const ada = await newcomer('Ada Paidduring');
      const bola = await newcomer('Bola Lostwebhook');
      const adaStart = await pressPay(ada.headers);
      const bolaStart = await pressPay(bola.headers);
      expect([adaStart.status, bolaStart.status]).toEqual([200, 200]);
      const mainPayees = [
        await payee('main', 'Payee Five', 210_000),
        await payee('main', 'Payee Six', 320_000),
      ];
      const wbPayees = [
        await payee('welcomeback', 'Payee Lost One', 230_000),
        await payee('welcomeback', 'Payee Lost Two', 340_000),
      ];

      // Paystack answers 500, then holds every call past the client's timeout.
      ctx.proxy.set('5xx');
      const chidi = await newcomer('Chidi Pressespay');
      const paused = await pressPayRaw(chidi.headers);
      expect(paused.status).toBe(503);
      expect(paused.headers.get('retry-after')).toBe('60');
      expect(await paused.json()).toEqual({ message: PAUSED, Message: PAUSED, code: 'payments_paused' });
      ctx.proxy.set('slow');
      const timedOut = await pressPay(chidi.headers);
      expect(timedOut.status).toBe(503);
      expect(timedOut.body.code).toBe('payments_paused');
      // Two presses at once (a double click): both are told, neither waits to be told "still being set up".
      const dayo = await newcomer('Dayo Doubleclick');
      const both = await Promise.all([pressPay(dayo.headers), pressPay(dayo.headers)]);
      expect(both.map((answer) => [answer.status, answer.body.code])).toEqual([
        [503, 'payments_paused'],
        [503, 'payments_paused'],
      ]);
      expect((await paymentsOf(dayo.account.id)).every((p) => p.status === 'failed')).toBe(true);
      // Neither press left a pending checkout that would be offered again: both are failed, and Chidi has no position.
      expect((await paymentsOf(chidi.account.id)).map((p) => p.status)).toEqual(['failed', 'failed']);
      // Ada's checkout of before still works: pressing Pay again gives it back without asking Paystack.
      const adaAgain = await pressPay(ada.headers);
      expect(adaAgain.status).toBe(200);
      expect(adaAgain.body.reference).toBe(adaStart.body.reference);

      // Meanwhile Ada pays at the checkout (its webhook arrives but cannot be verified), and Bola pays with the webhook lost.
      expect(await pressCheckout(adaStart.body.data as string, 'success')).toContain(
        adaStart.body.reference as string,
      );
      sandbox.deliverWebhooks = false;
      expect(await pressCheckout(bolaStart.body.data as string, 'success')).toContain(
        bolaStart.body.reference as string,
      );
      sandbox.deliverWebhooks = true;
      await ctx.app.paymentWork.settled();
      const adaStatus = await callApi(ctx, `/api/payments/${adaStart.body.reference as string}`, {
        headers: ada.headers,
      });
      expect(adaStatus.body).toMatchObject({ status: 'pending', paid: false });
      expect(await paymentFacts(ctx.app, adaStart.body.reference as string, ada.account.id)).toMatchObject({
        status: 'pending',
        positions: 0,
        events: 1,
      });
      // The job, while Paystack is still away, changes nothing and stops at the first payment it cannot ask about.
      const stillAway = await reconcilePendingPayments(ctx.app, new Date(Date.now() + 16 * MINUTE));
      // (Ada's and Bola's, and Chidi's and Dayo's that never started: all due, all but the first left.)
      const started = await queryRows<{ n: string }>(ctx.app.db, sql`select count(*) as n from payments`);
      expect(stillAway).toMatchObject({
        checked: 0,
        activated: 0,
        failed: 1,
        leftForNextRun: Number(started[0]!.n) - 1,
      });

      // A payout run while Paystack answers 500: nothing reaches it, every payout stays reserved with the reason.
      ctx.proxy.set('5xx');
      const mainRun = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/payouts/run',
        headers: admin,
        payload: { programme: 'main', period: '2026-10' },
      });
      expect(mainRun.statusCode).toBe(201);
      await settled();
      const mainRunId = mainRun.json().run.id as number;
      // And one while Paystack takes the transfers but its answers are lost, their webhooks too: the transfers exist,
      // the platform does not know.
      ctx.proxy.set('answer_lost', /\/transfer$/);
      sandbox.deliverWebhooks = false;
      const wbRun = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/payouts/run',
        headers: admin,
        payload: { programme: 'welcomeback', period: '2026-10' },
      });
      expect(wbRun.statusCode).toBe(201);
      await settled();
      const wbRunId = wbRun.json().run.id as number;
      sandbox.deliverWebhooks = true;
      for (const runId of [mainRunId, wbRunId]) {
        const rows = await payoutsOf(runId);
        expect(rows.map((p) => p.status)).toEqual(['reserved', 'reserved']);
        for (const row of rows) expect(row.failure_reason).toMatch(/payment provider could not be reached/);
      }
      expect(await sandbox.transfers.count()).toBe(2); // the welcome back run's, made at Paystack with their answers lost
      // The resume job while Paystack is still away sends nothing and stops at the first.
      ctx.proxy.set('slow');
      expect(await resumeWaitingTransfers(ctx.app, new Date(Date.now() + 10 * MINUTE))).toEqual({
        unreachable: 1,
      });

      // Paystack is back.
      ctx.proxy.set('up');
      const chidiStart = await pressPay(chidi.headers);
      expect(chidiStart.status).toBe(200);
      await pressCheckout(chidiStart.body.data as string, 'success');
      await ctx.app.paymentWork.settled();
      expect(
        await paymentFacts(ctx.app, chidiStart.body.reference as string, chidi.account.id, chidi.sponsor.id),
      ).toMatchObject({ status: 'paid', positions: 1, sponsorReferralCredits: 1 });

      // The job's next run settles Ada at once (Paystack told us she paid) and Bola once her checkout is 15 minutes old.
      expect(await reconcilePendingPayments(ctx.app)).toMatchObject({ activated: 1, leftForNextRun: 0 });
      expect(
        await paymentFacts(ctx.app, adaStart.body.reference as string, ada.account.id, ada.sponsor.id),
      ).toMatchObject({ status: 'paid', positions: 1, sponsorReferralCredits: 1 });
      expect(
        await paymentFacts(ctx.app, bolaStart.body.reference as string, bola.account.id, bola.sponsor.id),
      ).toMatchObject({ status: 'pending', positions: 0 });
      expect(await reconcilePendingPayments(ctx.app, new Date(Date.now() + 16 * MINUTE))).toMatchObject({
        activated: 1,
      });
      // Every way the same payment comes back again changes nothing: the page, the job, the webhook replayed.
      await reconcilePendingPayments(ctx.app, new Date(Date.now() + 40 * MINUTE));
      expect(
        (await callApi(ctx, `/api/payments/${bolaStart.body.reference as string}`, { headers: bola.headers }))
          .body,
      ).toMatchObject({ status: 'paid', paid: true });
      const adaWebhook = sandbox.webhooks.find(
        (w) => w.reference === adaStart.body.reference && w.event === 'charge.success',
      )!;
      expect(await postWebhook(ctx, adaWebhook.rawBody, adaWebhook.signature)).toBe(200);
      await ctx.app.paymentWork.settled();
      for (const { account, sponsor } of [ada, bola, chidi]) {
        const placed = await queryRows<{ n: string }>(
          ctx.app.db,
          sql`select count(*) as n from positions where account_id = ${account.id}`,
        );
        expect(Number(placed[0]!.n)).toBe(1);
        const credits = await queryRows<{ n: string }>(
          ctx.app.db,
          sql`select count(*) as n from credits where account_id = ${sponsor.id} and kind = 'referral'`,
        );
        expect(Number(credits[0]!.n)).toBe(1);
        expect(await receivedMails(account.id)).toBe(1);
      }
      expect((await paymentsOf(chidi.account.id)).map((p) => p.status)).toEqual(['failed', 'failed', 'paid']);

      // The payouts: the main run's are sent once, the welcome back run's are found at Paystack by their reference.
      const settledBefore = {
        main: await balanceOf('provider_settlement:main'),
        welcomeback: await balanceOf('provider_settlement:welcomeback'),
      };
      const resumed = await resumeWaitingTransfers(ctx.app, new Date(Date.now() + 10 * MINUTE));
      expect(resumed).toEqual({ sent: 4 });
      await settled();
      expect(await resumeWaitingTransfers(ctx.app, new Date(Date.now() + 60 * MINUTE))).toEqual({});
      for (const runId of [mainRunId, wbRunId])
        expect((await payoutsOf(runId)).map((p) => p.status)).toEqual(['success', 'success']);
      expect(await sandbox.transfers.count()).toBe(4);
      for (const runId of [mainRunId, wbRunId]) {
        const detail = (
          await ctx.app.inject({ method: 'GET', url: `/api/admin/payouts/runs/${runId}`, headers: admin })
        ).json();
        expect(detail).toMatchObject({ status: 'completed', counts: { success: 2 } });
      }
      expect(await balanceOf('payout_clearing:main')).toBe(0);
      expect(await balanceOf('payout_clearing:welcomeback')).toBe(0);
      // Each payee's amount went out once (the account also holds the fees received, in the other direction).
      expect(await balanceOf('provider_settlement:main')).toBe(
        settledBefore.main + mainPayees.reduce((s, p) => s + p.amountKobo, 0),
      );
      expect(await balanceOf('provider_settlement:welcomeback')).toBe(
        settledBefore.welcomeback + wbPayees.reduce((s, p) => s + p.amountKobo, 0),
      );
      expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
      expect(await unbalancedEntries(ctx.app.db)).toEqual([]);
      // What the platform met on the wire: every kind of fault, then calls answered.
      expect(new Set(ctx.proxy.calls.map((c) => c.weather))).toEqual(
        new Set(['up', '5xx', 'slow', 'answer_lost']),
      );
    },
  );
});
