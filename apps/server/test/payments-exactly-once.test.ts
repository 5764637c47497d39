import { randomUUID } from 'node:crypto';
import { getPlan } from '@coop/core';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  SANDBOX_SECRET_KEY,
  signPaystackBody,
  type PaymentProvider,
  type VerifiedTransaction,
} from '../src/adapters/payments';
import { queryRows } from '../src/db/rows';
import { activate } from './engine-test-kit';
import { reconcilePendingPayments } from '../src/modules/payments/reconcile';
import { settlePayment } from '../src/modules/payments/settle-payment';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import {
  callApi,
  paidWithWebhookHeld as paidWithWebhookHeldIn,
  paymentFacts,
  postWebhook,
  pressCheckout,
  startPayment,
  useListeningApp,
} from './payments-kit';

describeEachDatabase('payments are credited exactly once, whatever the provider does', (database) => {
  const ctx = useListeningApp(database);

  const paidWithWebhookHeld = () => paidWithWebhookHeldIn(ctx);

  const signed = (payload: unknown) => {
    const raw = JSON.stringify(payload);
    return { raw, signature: signPaystackBody(SANDBOX_SECRET_KEY, raw) };
  };

  it('refuses a webhook with a wrong or missing signature, and nothing changes', async () => {
    const { sponsor, account, reference, webhook } = await paidWithWebhookHeld();
    const before = await paymentFacts(ctx.app, reference, account.id, sponsor.id);
    expect(
      await postWebhook(ctx, webhook.rawBody, signPaystackBody('sk_test_not_the_key', webhook.rawBody)),
    ).toBe(401);
    expect(await postWebhook(ctx, webhook.rawBody, undefined)).toBe(401);
    // The right signature over other bytes (the body re-serialised) is wrong too.
    expect(
      await postWebhook(ctx, JSON.stringify(JSON.parse(webhook.rawBody), null, 2), webhook.signature),
    ).toBe(401);
    await ctx.app.paymentWork.settled();
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toEqual(before);
    expect(before).toMatchObject({ status: 'pending', positions: 0, sponsorReferralCredits: 0, events: 0 });
  });

  it('gives nothing for a signed webhook about a transaction the provider says is not paid', async () => {
    const sponsor = await createTestAccount(ctx.app);
    await activate(ctx.app.db, 'main', sponsor.id);
    const account = await createTestAccount(ctx.app, { sponsorAccountId: sponsor.id });
    const { reference } = await startPayment(ctx, await signInAs(ctx.app, account.id));
    const forged = signed({
      event: 'charge.success',
      data: { reference, status: 'success', amount: getPlan('main').feeKobo, currency: 'NGN' },
    });
    expect(await postWebhook(ctx, forged.raw, forged.signature)).toBe(200);
    await ctx.app.paymentWork.settled();
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      // Paystack's (and the sandbox's) word for a checkout nobody paid: not completed, still payable.
      status: 'abandoned',
      positions: 0,
      sponsorReferralCredits: 0,
      events: 1,
    });
    // And for a reference that is not ours at all.
    const stranger = signed({
      event: 'charge.success',
      data: { reference: `T-${randomUUID()}`, status: 'success', amount: 1, currency: 'NGN' },
    });
    expect(await postWebhook(ctx, stranger.raw, stranger.signature)).toBe(200);
    await ctx.app.paymentWork.settled();
  });

  it('gives nothing when the amount the provider took differs from the fee', async () => {
    const sponsor = await createTestAccount(ctx.app);
    await activate(ctx.app.db, 'main', sponsor.id);
    const account = await createTestAccount(ctx.app, { sponsorAccountId: sponsor.id });
    const headers = await signInAs(ctx.app, account.id);
    const { checkoutUrl, reference } = await startPayment(ctx, headers);
    // The provider charged N1,000 instead of N50,000 (a tampered checkout): its verify answer says so.
    await ctx.sandbox.transactions.setAmount(reference, 100_000);
    await pressCheckout(checkoutUrl, 'success');
    await ctx.app.paymentWork.settled();
    expect(ctx.sandbox.webhooks.find((w) => w.reference === reference)).toMatchObject({ httpStatus: 200 });
    const status = await callApi(ctx, `/api/payments/${reference}`, { headers });
    expect(status.body).toMatchObject({ status: 'pending', paid: false });
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'pending',
      positions: 0,
      sponsorReferralCredits: 0,
    });
    // The reconciliation job does not give value for it either.
    await reconcilePendingPayments(ctx.app, new Date(Date.now() + 16 * 60_000));
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'pending',
      positions: 0,
      sponsorReferralCredits: 0,
    });
  });

  it('the same webhook 10 times at once plus the callback check: one position, one credit', async () => {
    const { sponsor, account, headers, reference, webhook } = await paidWithWebhookHeld();
    const entriesBefore = (await paymentFacts(ctx.app, reference, account.id)).journalEntries;
    const [statuses, callback] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => postWebhook(ctx, webhook.rawBody, webhook.signature))),
      callApi(ctx, `/api/payments/${reference}`, { headers }),
    ]);
    expect(statuses).toEqual(new Array(10).fill(200));
    expect(callback.status).toBe(200);
    await ctx.app.paymentWork.settled();
    const facts = await paymentFacts(ctx.app, reference, account.id, sponsor.id);
    expect(facts).toMatchObject({ status: 'paid', positions: 1, sponsorReferralCredits: 1, events: 10 });
    // The newcomer's fee and the sponsor's referral bonus: exactly two journal entries, not twenty-two.
    expect(facts.journalEntries - entriesBefore).toBe(2);
    const [fee] = await queryRows<{ n: string }>(
      ctx.app.db,
      sql`select count(*) as n from positions where payment_reference = ${reference}`,
    );
    expect(Number(fee!.n)).toBe(1);
    // Late duplicates change nothing.
    expect(await postWebhook(ctx, webhook.rawBody, webhook.signature)).toBe(200);
    await ctx.app.paymentWork.settled();
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      positions: 1,
      sponsorReferralCredits: 1,
      journalEntries: facts.journalEntries,
    });
  });

  it('a webhook that never arrives: the callback check activates the member', async () => {
    const { sponsor, account, headers, reference } = await paidWithWebhookHeld();
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'pending',
      positions: 0,
    });
    const status = await callApi(ctx, `/api/payments/${reference}`, { headers });
    expect(status.body).toMatchObject({ status: 'paid', paid: true, stage: 0 });
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'paid',
      positions: 1,
      sponsorReferralCredits: 1,
    });
  });

  it('a webhook that never arrives and no callback: the reconciliation job activates the member after 15 minutes', async () => {
    const { sponsor, account, reference } = await paidWithWebhookHeld();
    // Too young: the job leaves it to the webhook.
    await reconcilePendingPayments(ctx.app);
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'pending',
      positions: 0,
    });
    const counts = await reconcilePendingPayments(ctx.app, new Date(Date.now() + 16 * 60_000));
    expect(counts.activated).toBeGreaterThanOrEqual(1);
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'paid',
      positions: 1,
      sponsorReferralCredits: 1,
    });
    // Running again finds it paid.
    await reconcilePendingPayments(ctx.app, new Date(Date.now() + 16 * 60_000));
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      positions: 1,
      sponsorReferralCredits: 1,
    });
  });

  it('a declined card paid on a second try with the webhook lost: the job still activates the member', async () => {
    const sponsor = await createTestAccount(ctx.app);
    await activate(ctx.app.db, 'main', sponsor.id);
    const account = await createTestAccount(ctx.app, { sponsorAccountId: sponsor.id });
    const headers = await signInAs(ctx.app, account.id);
    const { checkoutUrl, reference } = await startPayment(ctx, headers);
    await pressCheckout(checkoutUrl, 'failed');
    expect((await callApi(ctx, `/api/payments/${reference}`, { headers })).body).toMatchObject({
      status: 'failed',
    });
    ctx.sandbox.deliverWebhooks = false;
    try {
      await pressCheckout(checkoutUrl, 'success');
    } finally {
      ctx.sandbox.deliverWebhooks = true;
    }
    await reconcilePendingPayments(ctx.app, new Date(Date.now() + 16 * 60_000));
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'paid',
      positions: 1,
      sponsorReferralCredits: 1,
    });
  });

  it('a paid checkout whose webhook is lost: starting another payment settles it and refuses a second fee', async () => {
    const { sponsor, account, headers, reference } = await paidWithWebhookHeld();
    const again = await callApi(ctx, '/api/auth/process-payment', { method: 'POST', headers, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already paid/);
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'paid',
      positions: 1,
      sponsorReferralCredits: 1,
    });
    const [started] = await queryRows<{ n: string }>(
      ctx.app.db,
      sql`select count(*) as n from payments where account_id = ${account.id}`,
    );
    expect(Number(started!.n)).toBe(1);
  });

  /** The app's provider, its verify answered through `answer` and each question counted. */
  function askedProvider(answer: (verified: VerifiedTransaction, n: number) => VerifiedTransaction) {
    const asked: string[] = [];
    const provider: PaymentProvider = Object.create(ctx.app.payments);
    provider.verifyTransaction = async (reference) => {
      const verified = await ctx.app.payments.verifyTransaction(reference);
      asked.push(reference);
      return verified.found ? answer(verified, asked.length) : verified;
    };
    return { asked, deps: { db: ctx.app.db, provider, log: ctx.app.log } };
  }

  it('settles once in this process when the webhook and the callback page ask together: the provider is asked once', async () => {
    const { sponsor, account, reference } = await paidWithWebhookHeld();
    const { asked, deps } = askedProvider((verified) => verified);
    const [first, second] = await Promise.all([
      settlePayment(deps, reference),
      settlePayment(deps, reference),
    ]);
    expect(asked).toEqual([reference]);
    expect(first).toMatchObject({ result: 'activated', status: 'paid' });
    expect(second).toEqual(first);
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'paid',
      positions: 1,
      sponsorReferralCredits: 1,
    });
  });

  it('asks the provider again when the settling it joined found the payment not paid (that answer may predate its news)', async () => {
    const { sponsor, account, reference } = await paidWithWebhookHeld();
    // The first question is answered as before the member paid, the second as after.
    const { asked, deps } = askedProvider((verified, n) =>
      n === 1 ? { ...verified, status: 'abandoned' } : verified,
    );
    const [first, second] = await Promise.all([
      settlePayment(deps, reference),
      settlePayment(deps, reference),
    ]);
    expect(asked).toEqual([reference, reference]);
    expect(first).toMatchObject({ result: 'not_paid', providerStatus: 'abandoned' });
    expect(second).toMatchObject({ result: 'activated', status: 'paid' });
    expect(await paymentFacts(ctx.app, reference, account.id, sponsor.id)).toMatchObject({
      status: 'paid',
      positions: 1,
      sponsorReferralCredits: 1,
    });
  });

  it('stores a signed transfer event without the full account number and answers 200', async () => {
    const reference = randomUUID();
    const event = signed({
      event: 'transfer.success',
      data: {
        reference,
        amount: 100_000,
        status: 'success',
        recipient: { details: { account_number: '0123456789' } },
      },
    });
    expect(await postWebhook(ctx, event.raw, event.signature)).toBe(200);
    const [row] = await queryRows<{ event: string; payload: unknown }>(
      ctx.app.db,
      sql`select event, payload from payment_events where reference = ${reference}`,
    );
    expect(row?.event).toBe('transfer.success');
    expect(JSON.stringify(row?.payload)).not.toContain('0123456789');
    expect(JSON.stringify(row?.payload)).toContain('6789');
  });
});
