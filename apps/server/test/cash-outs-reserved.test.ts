import { parseNairaString } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { ledgerDiscrepancies, walletBalanceKobo } from '../src/modules/ledger/queries';
import { fundWallet, saveBankDetails, walletsBelowZero } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { useListeningApp } from './payments-kit';

/**
 * Decision 0040: a cash-out above APPROVAL_THRESHOLD_KOBO (N100,000 in tests) is asked for first. Its amount leaves
 * the wallet for cash-out clearing with the request, so a payout run (its preview, its frozen list, its approval)
 * cannot pay that money too; approval makes it the cash-out, and a decline, a withdrawal or a failure gives it back
 * once. The operator's trial: a wallet of N130,000, a cash-out of N125,000 and the month's run, in every order.
 */
const WALLET_KOBO = 13_000_000;
const CASH_KOBO = 12_500_000;
const REST_KOBO = WALLET_KOBO - CASH_KOBO;

/** Waits for the run's transfers (sent in the background), the sandbox's completions and the webhooks they send. */
async function settled(app: App) {
  await app.paymentWork.settled();
  await app.paystackSandbox!.idle();
  await app.paymentWork.settled();
}

type Admin = { id: string; email: string; headers: Record<string, string> };

describeEachDatabase(
  'cash-outs above the threshold: set aside when asked, handed over once approved',
  (database) => {
    const ctx = useListeningApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
    let maker: Admin;
    let checker: Admin;

    const admin = async (fullName: string): Promise<Admin> => {
      // An approval counts from an administrator with a second factor set up (decision 0038).
      const account = await createTestAccount(ctx.app, { role: 'admin', fullName, secondFactor: true });
      return { id: account.id, email: account.email, headers: await signInAs(ctx.app, account.id) };
    };
    beforeAll(async () => {
      maker = await admin('Maker Admin');
      checker = await admin('Checker Admin');
    });

    let accountNumber = 1_000_000;
    /** A member with N130,000 in the wallet; with bank details, a payee of the month's run too. */
    const member = async (fullName: string, options: { payee?: boolean } = {}) => {
      const account = await createTestAccount(ctx.app, { fullName });
      if (options.payee)
        await saveBankDetails(ctx.app.db, account.id, { accountNumber: `01${accountNumber++}1` });
      await fundWallet(ctx.app.db, 'main', account.id, WALLET_KOBO);
      return account;
    };

    const call = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      headers: Record<string, string>,
      payload?: object,
    ) =>
      ctx.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload,
      });
    const askCashOut = (email: string, naira = '125000', headers = maker.headers) =>
      call('PUT', '/admin/payOutCash', headers, { email, amount: naira });
    const askRun = (period: string) =>
      call('POST', '/admin/payouts/run', maker.headers, { programme: 'main', period });
    const approve = (id: number) => call('POST', `/admin/approvals/${id}/approve`, checker.headers);
    const decline = (id: number, headers = checker.headers, reason = 'The member asked us to wait') =>
      call('POST', `/admin/approvals/${id}/decline`, headers, { reason });
    const card = async (id: number) => {
      const list = (await call('GET', '/admin/approvals?pageSize=100', checker.headers)).json();
      return list.items.find((item: { id: number }) => item.id === id);
    };

    const wallet = (accountId: string) => walletBalanceKobo(ctx.app.db, accountId);
    const clearingKobo = async () =>
      Number(
        (
          await queryRows<{ b: string }>(
            ctx.app.db,
            sql`select coalesce(sum(balance_kobo), 0) as b from ledger_accounts where kind = 'cash_out_clearing'`,
          )
        )[0]!.b,
      );
    const cashOutsOf = (accountId: string) =>
      queryRows<{ amount_kobo: string; created_by: string }>(
        ctx.app.db,
        sql`select amount_kobo, created_by from cash_outs where account_id = ${accountId}`,
      );
    const paidByRunsKobo = async (accountId: string) =>
      Number(
        (
          await queryRows<{ s: string }>(
            ctx.app.db,
            sql`select coalesce(sum(amount_kobo), 0) as s from payouts where account_id = ${accountId} and status = 'success'`,
          )
        )[0]!.s,
      );
    const notices = (accountId: string) =>
      queryRows<{ kind: string; title: string; body: string }>(
        ctx.app.db,
        sql`select kind, title, body from notifications where account_id = ${accountId} order by id`,
      );
    const mailsTo = (email: string, subject: string) =>
      queryRows<{ data: { paragraphs: string[] } }>(
        ctx.app.db,
        sql`select data from mail_queue where to_address = ${email.toLowerCase()} and subject = ${subject}`,
      );

    /** Never more paid than the wallet held, never a wallet below zero, every entry balanced. */
    async function paidOnce(accountId: string) {
      const cashKobo = (await cashOutsOf(accountId)).reduce((sum, row) => sum + Number(row.amount_kobo), 0);
      const paidKobo = cashKobo + (await paidByRunsKobo(accountId));
      expect(paidKobo + (await wallet(accountId))).toBe(WALLET_KOBO);
      expect(await walletsBelowZero(ctx.app.db)).toBe(0);
      expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
      return { cashKobo, runKobo: paidKobo - cashKobo };
    }

    it('sets the amount aside when asked, so the wallet, the payout preview and another cash-out leave it out; approval hands it over', async () => {
      const chika = await member('Chika Cash', { payee: true });
      const clearingBefore = await clearingKobo();
      const owed = async () =>
        (await call('GET', '/admin/liabilities?programme=main', checker.headers)).json();
      const owedBefore = await owed();

      const asked = await askCashOut(chika.email);
      expect(asked.statusCode, asked.body).toBe(202);
      const { approval } = asked.json();
      expect(approval).toMatchObject({
        kind: 'cash_out',
        status: 'pending',
        amount: '125000.00',
        held: '125000.00',
        target: { id: chika.id },
      });
      expect(approval.summary).toMatch(/handed over once approved/);
      expect(asked.json().message).toMatch(
        /handed over once approved\. ₦125,000 is set aside from Chika Cash's wallet meanwhile; nothing else happens until another administrator approves it/,
      );
      expect(await wallet(chika.id)).toBe(REST_KOBO);
      expect(await clearingKobo()).toBe(clearingBefore + CASH_KOBO);
      const [reserve] = await queryRows<{ memo: string }>(
        ctx.app.db,
        sql`select e.memo from journal_entries e where e.kind = 'cash_out_reserve' and e.idempotency_key like 'cash-out:%:reserve' and e.memo like ${`%request #${approval.id})`}`,
      );
      expect(reserve!.memo).toBe(
        `Cash payout of ₦125,000 set aside while a second administrator approves it (request #${approval.id})`,
      );

      // What the company owes still counts it, as reserved, while it is out of the wallet.
      const owedWaiting = await owed();
      expect(parseNairaString(owedWaiting.owedNow)).toBe(parseNairaString(owedBefore.owedNow) - CASH_KOBO);
      expect(parseNairaString(owedWaiting.reservedInPayoutRuns)).toBe(
        parseNairaString(owedBefore.reservedInPayoutRuns) + CASH_KOBO,
      );

      const preview = (
        await call('GET', '/admin/payouts/preview?programme=main&period=2026-02', maker.headers)
      ).json();
      const line = [...preview.payees].find((p: { fullName: string }) => p.fullName === 'Chika Cash');
      expect(line.amount).toBe('5000.00');

      // The money set aside cannot be spent twice: a cash-out at the threshold sees N5,000.
      const second = await askCashOut(chika.email, '10000');
      expect(second.statusCode).toBe(422);
      expect(second.json().message).toBe("The amount is more than Chika Cash's wallet balance of ₦5,000");

      const approved = await approve(approval.id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'approved', held: '125000.00', overlaps: [] });
      expect(await wallet(chika.id)).toBe(REST_KOBO);
      expect(await clearingKobo()).toBe(clearingBefore);
      expect((await cashOutsOf(chika.id)).map((row) => [Number(row.amount_kobo), row.created_by])).toEqual([
        [CASH_KOBO, maker.id],
      ]);
      expect((await notices(chika.id)).map((n) => n.title)).toContain('Cash payout approved: ₦125,000');
      expect(await paidOnce(chika.id)).toEqual({ cashKobo: CASH_KOBO, runKobo: 0 });
      // The wallet shows one cash payout line, the money set aside; its approval moves no wallet money again.
      const lines = await queryRows<{ kind: string; amount_kobo: string }>(
        ctx.app.db,
        sql`select e.kind, l.amount_kobo from journal_lines l join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.ledger_account_id
          where a.key = ${`wallet:${chika.id}`} order by l.id`,
      );
      expect(lines.map((l) => [l.kind, Number(l.amount_kobo)])).toEqual([
        ['referral_bonus', WALLET_KOBO],
        ['cash_out_reserve', -CASH_KOBO],
      ]);
    });

    it('a declined or withdrawn cash-out gives the money back to the wallet once, and the member is told', async () => {
      const dayo = await member('Dayo Declined');
      const first = (await askCashOut(dayo.email)).json().approval;
      expect(await wallet(dayo.id)).toBe(REST_KOBO);
      const declined = await decline(first.id);
      expect(declined.statusCode, declined.body).toBe(200);
      expect(await wallet(dayo.id)).toBe(WALLET_KOBO);
      expect((await decline(first.id)).statusCode).toBe(409);
      expect((await approve(first.id)).statusCode).toBe(409);
      expect(await wallet(dayo.id)).toBe(WALLET_KOBO);

      const second = (await askCashOut(dayo.email)).json().approval;
      expect(second.id).not.toBe(first.id);
      expect(await wallet(dayo.id)).toBe(REST_KOBO);
      const withdrawn = await decline(second.id, maker.headers, 'Typed the wrong amount');
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(await wallet(dayo.id)).toBe(WALLET_KOBO);

      const released = await queryRows<{ memo: string }>(
        ctx.app.db,
        sql`select memo from journal_entries where kind = 'cash_out_released' and (memo like ${`%(request #${first.id})%`} or memo like ${`%(request #${second.id})%`}) order by id`,
      );
      expect(released.map((r) => r.memo)).toEqual([
        `Cash payout of ₦125,000 declined by a second administrator (request #${first.id}): back in your wallet`,
        `Cash payout of ₦125,000 withdrawn by the administrator who asked (request #${second.id}): back in your wallet`,
      ]);
      // The member's wallet history: each cash payout set aside, and each given back.
      const history = await ctx.app.inject({
        method: 'GET',
        url: '/api/me/wallet-history?kind=cash_out,payout_returned',
        headers: await signInAs(ctx.app, dayo.id),
      });
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json().items.map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([
        ['payout_returned', '125000.00'],
        ['cash_out', '-125000.00'],
        ['payout_returned', '125000.00'],
        ['cash_out', '-125000.00'],
      ]);
      const told = (await notices(dayo.id)).filter((n) => n.kind === 'cash_out_not_made');
      expect(told).toHaveLength(2);
      expect(told[0]).toMatchObject({ title: 'Cash payout not made: ₦125,000 is back in your wallet' });
      expect(told[0]!.body).toMatch(/was cancelled, so no cash was paid/);
      const [audit] = await queryRows<{ details: { released: string } }>(
        ctx.app.db,
        sql`select details from audit_log where action = 'approval_declined' and (details->>'approvalId')::int = ${first.id}`,
      );
      expect(audit!.details.released).toBe(
        "The ₦125,000 set aside is back in Dayo Declined's wallet: no cash is to be handed over.",
      );
      expect(await paidOnce(dayo.id)).toEqual({ cashKobo: 0, runKobo: 0 });
    });

    it('a cash-out that fails at approval gives the money back, and the maker (mail and card) and the member are told why', async () => {
      const funmi = await member('Funmi Failed');
      const { approval } = (await askCashOut(funmi.email)).json();
      // Between the request and the approval a signal that holds the member's payouts is raised.
      await ctx.app.db.execute(
        sql`insert into fraud_flags (account_id, rule, detail, holds_payouts, dedupe_key) values (${funmi.id}, 'shared_bank_account', 'test', true, ${`test:${funmi.id}`})`,
      );
      const answer = await approve(approval.id);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toMatch(
        new RegExp(`^Request #${approval.id} could not be carried out: Funmi Failed's payouts are held`),
      );
      expect(await wallet(funmi.id)).toBe(WALLET_KOBO);
      expect(await cashOutsOf(funmi.id)).toEqual([]);

      const failed = await card(approval.id);
      expect(failed).toMatchObject({
        status: 'failed',
        held: '125000.00',
        failureReason: expect.stringMatching(/payouts are held/),
      });
      const [mail] = await mailsTo(maker.email, `Not carried out: request #${approval.id}`);
      expect(mail!.data.paragraphs).toEqual([
        `Checker Admin approved your request #${approval.id}, but it could not be carried out: ${approval.summary}.`,
        `The reason: ${failed.failureReason}`,
        "The ₦125,000 set aside is back in Funmi Failed's wallet: no cash is to be handed over.",
      ]);
      const told = (await notices(funmi.id)).filter((n) => n.kind === 'cash_out_not_made');
      expect(told.map((n) => n.body)).toEqual([
        expect.stringMatching(
          /was not carried out, so no cash was paid\. The ₦125,000 is back in your wallet\./,
        ),
      ]);
      expect(await paidOnce(funmi.id)).toEqual({ cashKobo: 0, runKobo: 0 });
    });

    it('cash-out asked, then the payout run previewed, asked and approved: the run pays what is left, the cash-out the rest', async () => {
      const gbenga = await member('Gbenga First', { payee: true });
      const cash = (await askCashOut(gbenga.email)).json().approval;
      const run = (await askRun('2026-03')).json().approval;
      const detail = (await call('GET', `/admin/approvals/${run.id}`, checker.headers)).json();
      expect(
        detail.preview.lines.find((l: { fullName: string }) => l.fullName === 'Gbenga First').amount,
      ).toBe('5000.00');
      // The checker sees the member in both waiting requests, on each card.
      expect((await card(cash.id)).overlaps).toEqual([
        {
          accountId: gbenga.id,
          fullName: 'Gbenga First',
          requests: [{ id: run.id, kind: 'payout_run', summary: run.summary }],
        },
      ]);
      expect((await card(run.id)).overlaps).toContainEqual({
        accountId: gbenga.id,
        fullName: 'Gbenga First',
        requests: [{ id: cash.id, kind: 'cash_out', summary: cash.summary }],
      });
      expect(detail.approval.overlaps).toContainEqual(expect.objectContaining({ accountId: gbenga.id }));

      expect((await approve(run.id)).statusCode).toBe(200);
      await settled(ctx.app);
      expect((await approve(cash.id)).statusCode).toBe(200);
      expect(await wallet(gbenga.id)).toBe(0);
      expect(await paidOnce(gbenga.id)).toEqual({ cashKobo: CASH_KOBO, runKobo: REST_KOBO });
    });

    it('payout run asked, then the cash-out asked: whichever is approved first, the member is paid once', async () => {
      // The run approved first leaves the member out (the wallet changed since its preview), then the cash-out is handed over.
      const hauwa = await member('Hauwa RunFirst', { payee: true });
      const run = (await askRun('2026-04')).json().approval;
      const cash = (await askCashOut(hauwa.email)).json().approval;
      expect((await card(run.id)).overlaps).toContainEqual({
        accountId: hauwa.id,
        fullName: 'Hauwa RunFirst',
        requests: [{ id: cash.id, kind: 'cash_out', summary: cash.summary }],
      });
      const ran = await approve(run.id);
      expect(ran.statusCode, ran.body).toBe(200);
      expect(ran.json().leftOut).toContainEqual({
        fullName: 'Hauwa RunFirst',
        reason: expect.stringMatching(/wallet changed/),
      });
      await settled(ctx.app);
      expect((await approve(cash.id)).statusCode).toBe(200);
      expect(await wallet(hauwa.id)).toBe(REST_KOBO);
      expect(await paidOnce(hauwa.id)).toEqual({ cashKobo: CASH_KOBO, runKobo: 0 });

      // The cash-out approved first: the run, approved after, leaves the member out too.
      const ife = await member('Ife CashFirst', { payee: true });
      const run2 = (await askRun('2026-05')).json().approval;
      const cash2 = (await askCashOut(ife.email)).json().approval;
      expect((await approve(cash2.id)).statusCode).toBe(200);
      const ran2 = await approve(run2.id);
      expect(ran2.json().leftOut).toContainEqual({
        fullName: 'Ife CashFirst',
        reason: expect.stringMatching(/wallet changed/),
      });
      await settled(ctx.app);
      expect(await paidOnce(ife.id)).toEqual({ cashKobo: CASH_KOBO, runKobo: 0 });

      // The cash-out declined first: its money is back, the wallet is as the run's list froze it, and the run pays it all.
      const jide = await member('Jide Declined', { payee: true });
      const run3 = (await askRun('2026-06')).json().approval;
      const cash3 = (await askCashOut(jide.email)).json().approval;
      expect((await decline(cash3.id)).statusCode).toBe(200);
      expect(
        (await card(run3.id)).overlaps.filter((o: { accountId: string }) => o.accountId === jide.id),
      ).toEqual([]);
      const ran3 = await approve(run3.id);
      expect(ran3.json().leftOut.map((l: { fullName: string }) => l.fullName)).not.toContain('Jide Declined');
      await settled(ctx.app);
      expect(await paidOnce(jide.id)).toEqual({ cashKobo: 0, runKobo: WALLET_KOBO });
    });

    it('twenty submissions at once for one member make one request and set the amount aside once', async () => {
      const lola = await member('Lola Concurrent');
      const answers = await Promise.all(Array.from({ length: 20 }, () => askCashOut(lola.email)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(202));
      expect(new Set(answers.map((a) => a.json().approval.id)).size).toBe(1);
      expect(answers.filter((a) => a.json().alreadyWaiting === false)).toHaveLength(1);
      expect(await wallet(lola.id)).toBe(REST_KOBO);
      const [reserves] = await queryRows<{ n: number }>(
        ctx.app.db,
        sql`select count(*)::int as n from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.ledger_account_id
          where e.kind = 'cash_out_reserve' and a.key = ${`wallet:${lola.id}`}`,
      );
      expect(reserves!.n).toBe(1);
      // Withdrawn twice at once: given back once.
      const id = answers[0]!.json().approval.id as number;
      const withdrawals = await Promise.all([
        decline(id, maker.headers),
        decline(id, maker.headers),
        decline(id, checker.headers),
      ]);
      expect(withdrawals.map((w) => w.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await wallet(lola.id)).toBe(WALLET_KOBO);

      // More than the wallet holds is refused at once, checked under the wallet's lock, and no request is left behind.
      const tooMuch = await askCashOut(lola.email, '150000');
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().message).toBe(
        "The amount is more than Lola Concurrent's wallet balance of ₦130,000",
      );
      const [requests] = await queryRows<{ n: number }>(
        ctx.app.db,
        sql`select count(*)::int as n from approval_requests where target_account_id = ${lola.id}`,
      );
      expect(requests!.n).toBe(1);
      expect(await paidOnce(lola.id)).toEqual({ cashKobo: 0, runKobo: 0 });
    });

    it('a cash-out asked before reservations existed (nothing set aside) is paid from the wallet when approved, as it was then', async () => {
      const kemi = await member('Kemi Earlier');
      const key = randomUUID();
      const payload = { programme: 'main', email: kemi.email, amountKobo: CASH_KOBO, idempotencyKey: key };
      const [row] = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`insert into approval_requests (kind, payload, summary, target_account_id, amount_kobo, subject_key, idempotency_key, maker_account_id)
          values ('cash_out', ${JSON.stringify(payload)}::jsonb, 'cash payout of ₦125,000 to Kemi Earlier (Main)', ${kemi.id}, ${CASH_KOBO},
                  ${`cash-out:main:${kemi.id}`}, ${`cash-out:${key}`}, ${maker.id})
          returning id`,
      );
      expect(await wallet(kemi.id)).toBe(WALLET_KOBO);
      expect((await card(Number(row!.id))).held).toBeNull();
      expect((await approve(Number(row!.id))).statusCode).toBe(200);
      expect(await wallet(kemi.id)).toBe(REST_KOBO);
      expect(await paidOnce(kemi.id)).toEqual({ cashKobo: CASH_KOBO, runKobo: 0 });
    });
  },
);
