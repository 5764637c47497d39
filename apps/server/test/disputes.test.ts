import type { PayoutRunDetail } from '@coop/core/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import {
  callApi,
  postWebhook,
  pressCheckout,
  signInOverHttp,
  startPayment,
  useListeningApp,
} from './payments-kit';
import { fundWallet, saveBankDetails } from './payouts-test-kit';
import { ledgerDiscrepancies } from '../src/modules/ledger/queries';

/**
 * Disputes through the real Paystack client against the sandbox on a real port: the sandbox's customer disputes
 * a paid payment, its charge.dispute.* webhooks make and move the dispute, the member's payout and cash-out wait
 * until Paystack resolves it, and the administrator's answer reaches Paystack once.
 */

const count = async (app: App, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(app.db, query))[0]!.n);

async function settled(app: App) {
  await app.paymentWork.settled();
  await app.paystackSandbox!.idle();
  await app.paymentWork.settled();
}

describeEachDatabase(
  'disputes: a disputed payment holds the member’s money until Paystack resolves it',
  (database) => {
    const ctx = useListeningApp(database);
    let admin: Record<string, string>;
    let adminEmail: string;
    beforeAll(async () => {
      const account = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Dispute Answerer' });
      adminEmail = account.email;
      admin = await signInAs(ctx.app, account.id);
    });
    const api = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) => ctx.app.inject({ method, url, headers: { ...admin, ...headers }, ...(payload ? { payload } : {}) });
    const sandboxPost = (path: string) =>
      fetch(`${ctx.url}/sandbox/paystack/checkout/records/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    const adminMails = (subject: string) =>
      count(
        ctx.app,
        sql`select count(*) as n from mail_queue where to_address = ${adminEmail} and subject like ${`${subject}%`}`,
      );
    const cashOut = (email: string) =>
      api('PUT', '/api/admin/payOutCash', { email, amount: 1000 }, { 'idempotency-key': randomUUID() });
    const runDetail = async (runId: number) =>
      (await api('GET', `/api/admin/payouts/runs/${runId}`)).json<PayoutRunDetail>();

    it('holds the payout in a run and the cash-out while open, answers Paystack once (audited), and pays once resolved; replays change nothing', async () => {
      // A member pays through the sandbox's checkout and has money in the wallet.
      const member = await createTestAccount(ctx.app, {
        programme: 'main',
        password: 'a good password',
        fullName: 'Ada Disputer',
      });
      const headers = await signInOverHttp(ctx, 'main', member.email, 'a good password');
      const { checkoutUrl, reference } = await startPayment(ctx, headers, 'main');
      await pressCheckout(checkoutUrl, 'success');
      await settled(ctx.app);
      await saveBankDetails(ctx.app.db, member.id, { accountNumber: '0123456780' });
      await fundWallet(ctx.app.db, 'main', member.id, 1_000_000);
      const other = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Other Payee' });
      await saveBankDetails(ctx.app.db, other.id, { accountNumber: '0123456781' });
      await fundWallet(ctx.app.db, 'main', other.id, 1_000_000);

      // The customer's bank disputes it: Paystack's charge.dispute.create reaches the platform.
      const raised = await sandboxPost(`${encodeURIComponent(reference)}/dispute`);
      expect(raised.status).toBe(200);
      const paystackId = ((await raised.json()) as { data: { id: number } }).data.id;
      await settled(ctx.app);

      let list = (await api('GET', `/api/admin/disputes?state=open&accountId=${member.id}`)).json();
      expect(list.total).toBe(1);
      const dispute = list.items[0];
      expect(dispute).toMatchObject({
        paystackId,
        status: 'awaiting-merchant-feedback',
        statusText: 'Paystack waits for our answer',
        open: true,
        amount: '50000.00',
        member: { id: member.id, fullName: 'Ada Disputer' },
        payment: { reference, amount: '50000.00' },
        answer: null,
        lastEvent: 'charge.dispute.create',
      });
      expect(Date.parse(dispute.dueAt)).toBeGreaterThan(Date.now());
      expect(await adminMails('Payment disputed')).toBe(1);

      // Replayed create: nothing changes twice (one dispute, one hold, one mail, one applied event).
      const createHook = ctx.sandbox.webhooks.find(
        (w) => w.event === 'charge.dispute.create' && w.reference === reference,
      )!;
      expect(await postWebhook(ctx, createHook.rawBody, createHook.signature)).toBe(200);
      await settled(ctx.app);
      expect(
        await count(ctx.app, sql`select count(*) as n from disputes where paystack_id = ${paystackId}`),
      ).toBe(1);
      expect(
        await count(
          ctx.app,
          sql`select count(*) as n from fraud_flags where account_id = ${member.id} and rule = 'payment_disputed'`,
        ),
      ).toBe(1);
      expect(
        await count(ctx.app, sql`select count(*) as n from dispute_events where dispute_id = ${dispute.id}`),
      ).toBe(1);
      expect(await adminMails('Payment disputed')).toBe(1);

      // A reminder mails the administrators once, however often it is replayed.
      expect((await sandboxPost(`disputes/${paystackId}/remind`)).status).toBe(200);
      await settled(ctx.app);
      const remindHook = ctx.sandbox.webhooks.find((w) => w.event === 'charge.dispute.remind')!;
      expect(await postWebhook(ctx, remindHook.rawBody, remindHook.signature)).toBe(200);
      await settled(ctx.app);
      expect(await adminMails('Reminder: the dispute')).toBe(1);

      // While open: the month's run leaves the member out, a cash-out is refused, the hold cannot be cleared by hand.
      const preview = (
        await api('GET', '/api/admin/payouts/preview?programme=main&period=2026-03&mode=transfer')
      ).json();
      expect(preview.skipped).toContainEqual(
        expect.objectContaining({ accountId: member.id, reason: 'dispute_open' }),
      );
      const started = await api('POST', '/api/admin/payouts/run', { programme: 'main', period: '2026-03' });
      expect(started.statusCode).toBe(201);
      await settled(ctx.app);
      const march = await runDetail(started.json().run.id);
      expect(march.payouts.map((p) => p.accountId)).toEqual([other.id]);
      const refused = await cashOut(member.email);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(
        /Ada Disputer's payouts are held .*until Paystack resolves the dispute/,
      );
      const [flag] = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`select id from fraud_flags where account_id = ${member.id} and rule = 'payment_disputed'`,
      );
      expect(
        (await api('POST', `/api/admin/flags/${flag!.id}/clear`, { note: 'looks fine' })).statusCode,
      ).toBe(409);

      // Two presses at once: Paystack is called once, and the answer is audited once.
      const note =
        'The member signed up, paid and has used the membership since; the card holder is the member.';
      const presses = await Promise.all([
        api('POST', `/api/admin/disputes/${dispute.id}/answer`, { answer: 'contest', note }),
        api('POST', `/api/admin/disputes/${dispute.id}/answer`, { answer: 'contest', note }),
      ]);
      expect(presses.map((p) => p.statusCode).sort()).toEqual([200, 409]);
      const [atPaystack] = await queryRows<{
        status: string;
        resolution: string;
        uploads: Record<string, number>;
        evidence: { service_details: string } | null;
        messages: unknown[];
      }>(
        ctx.app.db,
        sql`select status, resolution, uploads, evidence, messages from sandbox_disputes where id = ${paystackId}`,
      );
      expect(atPaystack).toMatchObject({ status: 'resolved', resolution: 'declined' });
      expect(Object.keys(atPaystack!.uploads)).toHaveLength(1);
      expect(atPaystack!.evidence!.service_details).toContain(reference);
      expect(atPaystack!.messages).toHaveLength(2);
      expect(
        (
          await api('POST', `/api/admin/disputes/${dispute.id}/answer`, {
            answer: 'accept',
            note: 'changed my mind',
          })
        ).statusCode,
      ).toBe(409);
      const audit = await queryRows<{ action: string; details: { note: string; paystackDisputeId: number } }>(
        ctx.app.db,
        sql`select action, details from audit_log where action like 'dispute_%' and target_account_id = ${member.id} and actor_account_id is not null`,
      );
      expect(audit).toEqual([
        {
          action: 'dispute_contested',
          details: expect.objectContaining({ note, paystackDisputeId: paystackId }),
        },
      ]);

      // Paystack's charge.dispute.resolve arrives (and is replayed): resolved once, the hold released.
      await settled(ctx.app);
      const resolveHook = ctx.sandbox.webhooks.find((w) => w.event === 'charge.dispute.resolve')!;
      expect(await postWebhook(ctx, resolveHook.rawBody, resolveHook.signature)).toBe(200);
      await settled(ctx.app);
      list = (await api('GET', `/api/admin/disputes?state=all&accountId=${member.id}`)).json();
      expect(list.items[0]).toMatchObject({
        status: 'resolved',
        open: false,
        resolution: 'declined',
        // The administrator who answered, by name and email (issue 35).
        answer: {
          answer: 'contest',
          note,
          sent: true,
          by: { fullName: 'Dispute Answerer', email: adminEmail },
        },
      });
      expect(
        await count(
          ctx.app,
          sql`select count(*) as n from fraud_flags where account_id = ${member.id} and cleared_at is null`,
        ),
      ).toBe(0);
      expect(
        await count(
          ctx.app,
          sql`select count(*) as n from audit_log where action = 'dispute_hold_released' and target_account_id = ${member.id}`,
        ),
      ).toBe(1);

      // Now the payout goes, and a cash-out is recorded.
      const april = await api('POST', '/api/admin/payouts/run', { programme: 'main', period: '2026-04' });
      expect(april.statusCode).toBe(201);
      await settled(ctx.app);
      const aprilDetail = await runDetail(april.json().run.id);
      expect(aprilDetail.payouts.find((p) => p.accountId === member.id)).toMatchObject({ status: 'success' });
      expect((await cashOut(member.email)).statusCode).toBe(422); // the wallet is empty now: paid out, no longer held
      await fundWallet(ctx.app.db, 'main', member.id, 200_000); // N2,000; the cash-out is N1,000
      expect((await cashOut(member.email)).statusCode).toBe(200);
    });

    it('tells the operator plainly when Paystack refuses, and gives the answer back for another try', async () => {
      const member = await createTestAccount(ctx.app, { programme: 'main', password: 'a good password' });
      const headers = await signInOverHttp(ctx, 'main', member.email, 'a good password');
      const { checkoutUrl, reference } = await startPayment(ctx, headers, 'main');
      await pressCheckout(checkoutUrl, 'success');
      await settled(ctx.app);
      const raised = await sandboxPost(`${encodeURIComponent(reference)}/dispute`);
      const paystackId = ((await raised.json()) as { data: { id: number } }).data.id;
      await settled(ctx.app);
      const [row] = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`select id from disputes where paystack_id = ${paystackId}`,
      );
      // Resolved at Paystack behind our back (its resolve event lost): Paystack refuses a second resolution.
      await ctx.app.db.execute(
        sql`update sandbox_disputes set status = 'resolved', resolution = 'merchant-accepted' where id = ${paystackId}`,
      );
      const answer = await api('POST', `/api/admin/disputes/${row!.id}/answer`, {
        answer: 'accept',
        note: 'We refund the customer.',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(
        'Paystack did not take the answer: Dispute has already been resolved',
      );
      const [after] = await queryRows<{ answer: string | null }>(
        ctx.app.db,
        sql`select answer from disputes where id = ${row!.id}`,
      );
      expect(after!.answer).toBeNull();
      expect(
        await count(
          ctx.app,
          sql`select count(*) as n from audit_log where action like 'dispute_accepted' and target_account_id = ${member.id}`,
        ),
      ).toBe(0);
      // An unknown dispute and a sandbox error keep Paystack's envelope.
      expect(
        (await api('POST', '/api/admin/disputes/999999/answer', { answer: 'accept', note: 'x' })).statusCode,
      ).toBe(404);
      const unknown = await fetch(`${ctx.url}/sandbox/paystack/dispute/1`, {
        headers: { authorization: `Bearer ${ctx.sandbox.secretKey}` },
      });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({
        status: false,
        message: 'Dispute not found',
        type: 'api_error',
        code: 'not_found',
      });
      expect((await callApi(ctx, '/api/admin/disputes')).status).toBe(401);
    });
  },
);

/**
 * Accepting a dispute is money going out (decision 0057): with approvals on, one administrator asks, another approves,
 * and only then is Paystack told; the lost dispute then enters the books once, and the member is told.
 */
describeEachDatabase('disputes: an acceptance waits for a second administrator', (database) => {
  const ctx = useListeningApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
  let admin: Record<string, string>;
  beforeAll(async () => {
    const account = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Dispute Maker' });
    admin = await signInAs(ctx.app, account.id);
  });
  const api = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => ctx.app.inject({ method, url, headers: { ...admin, ...headers }, ...(payload ? { payload } : {}) });
  const sandboxPost = (path: string) =>
    fetch(`${ctx.url}/sandbox/paystack/checkout/records/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  const cashOut = (email: string) =>
    api('PUT', '/api/admin/payOutCash', { email, amount: 1000 }, { 'idempotency-key': randomUUID() });

  it('an acceptance waits for a second administrator (never its maker), reaches Paystack once, and the lost dispute enters the books once', async () => {
    const checker = await createTestAccount(ctx.app, { role: 'admin', secondFactor: true });
    const checkerHeaders = await signInAs(ctx.app, checker.id);
    const member = await createTestAccount(ctx.app, {
      programme: 'main',
      password: 'a good password',
      fullName: 'Ada Chargeback',
    });
    const headers = await signInOverHttp(ctx, 'main', member.email, 'a good password');
    const { checkoutUrl, reference } = await startPayment(ctx, headers, 'main');
    await pressCheckout(checkoutUrl, 'success');
    await settled(ctx.app);
    // The member was paid ₦1,000 in cash out of the wallet before the dispute: owed by them once it is lost.
    await fundWallet(ctx.app.db, 'main', member.id, 300_000);
    expect((await cashOut(member.email)).statusCode).toBe(200);
    const year = new Date().getFullYear();
    const disclosure = async () =>
      (await api('GET', `/api/admin/income-disclosure?programme=main&year=${year}`)).json<{
        members: number;
        feesPaidKobo: number;
      }>();
    const figures = async () =>
      (await api('GET', '/api/admin/liabilities?programme=main')).json<{
        feesReceived: string;
        retained: string;
        chargebacks: { count: number; value: string; loss: string };
      }>();
    const dashboardFees = async () =>
      Number(
        (await api('GET', '/api/admin/adminTransactionAmount')).json<{ main: { total: string } }>().main
          .total,
      );
    const figuresBefore = await figures();
    const disclosureBefore = await disclosure();
    const dashboardFeesBefore = await dashboardFees();

    const raised = await sandboxPost(`${encodeURIComponent(reference)}/dispute`);
    const paystackId = ((await raised.json()) as { data: { id: number } }).data.id;
    await settled(ctx.app);
    const mine = async () =>
      (await api('GET', `/api/admin/disputes?state=all&accountId=${member.id}`)).json().items[0];
    const dispute = await mine();
    const atPaystack = async () =>
      (
        await queryRows<{ status: string; resolution: string | null; messages: unknown[] }>(
          ctx.app.db,
          sql`select status, resolution, messages from sandbox_disputes where id = ${paystackId}`,
        )
      )[0]!;
    const messagesBefore = (await atPaystack()).messages.length;

    // One administrator accepts: a request waits for a second one; nothing reaches Paystack yet.
    const note = 'The card holder did not make this payment: give the money back.';
    const asked = await api('POST', `/api/admin/disputes/${dispute.id}/answer`, { answer: 'accept', note });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json().approval;
    expect(request).toMatchObject({ kind: 'dispute_accept', status: 'pending', amount: '50000.00' });
    expect(
      (await api('POST', `/api/admin/disputes/${dispute.id}/answer`, { answer: 'accept', note })).json(),
    ).toMatchObject({ alreadyWaiting: true, approval: { id: request.id } });
    expect(await mine()).toMatchObject({
      open: true,
      answer: null,
      acceptRequest: { id: request.id },
      lost: null,
    });
    expect(await atPaystack()).toMatchObject({ status: 'awaiting-merchant-feedback', resolution: null });

    // Its maker cannot approve it.
    const own = await api('POST', `/api/admin/approvals/${request.id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('own_request');
    expect((await atPaystack()).status).toBe('awaiting-merchant-feedback');

    // The second administrator approves: Paystack is told once; a second approval is refused.
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${request.id}/approve`,
      headers: checkerHeaders,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/approvals/${request.id}/approve`,
          headers: checkerHeaders,
        })
      ).statusCode,
    ).toBe(409);
    expect(await atPaystack()).toMatchObject({ status: 'resolved', resolution: 'merchant-accepted' });
    expect((await atPaystack()).messages).toHaveLength(messagesBefore + 1);
    const accepted = await queryRows<{ actor_account_id: string; details: { approvedBy: string } }>(
      ctx.app.db,
      sql`select actor_account_id, details from audit_log where action = 'dispute_accepted' and target_account_id = ${member.id}`,
    );
    expect(accepted).toEqual([
      {
        actor_account_id: expect.any(String),
        details: expect.objectContaining({ approvedBy: checker.id, note }),
      },
    ]);

    // Paystack's resolve event arrives (and is replayed): the loss is in the books once.
    await settled(ctx.app);
    const resolveHook = ctx.sandbox.webhooks.find(
      (w) => w.event === 'charge.dispute.resolve' && w.reference === reference,
    )!;
    expect(await postWebhook(ctx, resolveHook.rawBody, resolveHook.signature)).toBe(200);
    await settled(ctx.app);
    const lines = await queryRows<{ key: string; amount_kobo: string }>(
      ctx.app.db,
      sql`select a.key, l.amount_kobo from journal_entries e join journal_lines l on l.entry_id = e.id
            join ledger_accounts a on a.id = l.ledger_account_id
            where e.kind = 'chargeback' and e.idempotency_key = ${`chargeback:${reference}:${paystackId}`} order by a.key`,
    );
    expect(lines.map((l) => [l.key, Number(l.amount_kobo)])).toEqual([
      ['fee_income:main', -5_000_000],
      ['provider_settlement:main', 5_000_000],
    ]);
    expect((await ledgerDiscrepancies(ctx.app.db)).mismatchedAccounts).toEqual([]);

    // What the company owes, the fees and the income disclosure show the money that left.
    const figuresAfter = await figures();
    expect(Number(figuresAfter.feesReceived)).toBe(Number(figuresBefore.feesReceived) - 50_000);
    expect(Number(figuresAfter.retained)).toBe(Number(figuresBefore.retained) - 50_000);
    expect(figuresAfter.chargebacks.count).toBe(figuresBefore.chargebacks.count + 1);
    expect(Number(figuresAfter.chargebacks.value)).toBe(Number(figuresBefore.chargebacks.value) + 50_000);
    const disclosureAfter = await disclosure();
    expect(disclosureAfter.members).toBe(disclosureBefore.members - 1);
    expect(disclosureAfter.feesPaidKobo).toBe(disclosureBefore.feesPaidKobo - 5_000_000);
    // The admin dashboard's fees paid and placed (its kept answer moves with the payment's row).
    expect(await dashboardFees()).toBe(dashboardFeesBefore - 50_000);

    // The member record: the dispute lost, with who approved it and what was paid out before; the account held.
    expect(await mine()).toMatchObject({
      open: false,
      resolution: 'merchant-accepted',
      acceptRequest: null,
      answer: { answer: 'accept', note, sent: true },
      approvedBy: { fullName: checker.fullName, email: checker.email },
      lost: { amount: '50000.00', paidOutBefore: '1000.00', memberHeld: true },
    });
    const flags = await queryRows<{ rule: string; holds_payouts: boolean }>(
      ctx.app.db,
      sql`select rule, holds_payouts from fraud_flags where account_id = ${member.id} and cleared_at is null`,
    );
    expect(flags).toEqual([{ rule: 'chargeback_lost', holds_payouts: true }]);
    expect((await cashOut(member.email)).statusCode).toBe(409);

    // The member is told once, by mail and in the member area.
    expect(
      await count(
        ctx.app,
        sql`select count(*) as n from mail_queue where account_id = ${member.id} and subject like 'Payment taken back by your bank%'`,
      ),
    ).toBe(1);
    expect(
      await count(
        ctx.app,
        sql`select count(*) as n from notifications where account_id = ${member.id} and kind = 'chargeback_taken'`,
      ),
    ).toBe(1);
  });
});
