import type { Programme } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { walletBalanceKobo } from '../src/modules/ledger/queries';
import { remindWaitingApprovals } from '../src/modules/approvals/approval-notices';
import { fundWallet, saveBankDetails } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { useListeningApp } from './payments-kit';

/** Waits for the run's transfers (sent in the background), the sandbox's completions and the webhooks they send. */
async function settled(app: App) {
  await app.paymentWork.settled();
  await app.paystackSandbox!.idle();
  await app.paymentWork.settled();
}

describeEachDatabase('approvals that show and freeze what they approve', (database) => {
  const ctx = useListeningApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
  let maker: { id: string; headers: Record<string, string> };
  let checker: { id: string; email: string; headers: Record<string, string> };
  let third: { id: string; email: string; headers: Record<string, string> };

  const admin = async (fullName: string) => {
    const account = await createTestAccount(ctx.app, { role: 'admin', fullName, secondFactor: true });
    return { id: account.id, email: account.email, headers: await signInAs(ctx.app, account.id) };
  };
  beforeAll(async () => {
    maker = await admin('Maker Admin');
    checker = await admin('Checker Admin');
    third = await admin('Third Admin');
  });

  const payee = async (programme: Programme, fullName: string, accountNumber: string, walletKobo: number) => {
    const account = await createTestAccount(ctx.app, { programme, fullName });
    await saveBankDetails(ctx.app.db, account.id, { accountNumber });
    await fundWallet(ctx.app.db, programme, account.id, walletKobo);
    return account;
  };
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload,
    });
  const askRun = (programme: Programme, period: string, headers = maker.headers) =>
    call('POST', '/admin/payouts/run', headers, { programme, period });
  const approve = (id: number, headers: Record<string, string>) =>
    call('POST', `/admin/approvals/${id}/approve`, headers);
  const payoutsOf = (accountId: string) =>
    queryRows<{ status: string; account_number_last4: string }>(
      ctx.app.db,
      sql`select status, account_number_last4 from payouts where account_id = ${accountId}`,
    );
  const newBankDetails = (accountId: string, accountNumber: string) =>
    ctx.app.db.execute(
      sql`update bank_details set account_number = ${accountNumber}, account_number_last4 = ${accountNumber.slice(-4)}, recipient_code = null,
          saved_at = now(), updated_at = now() where account_id = ${accountId}`,
    );

  it('the payout approval carries the previewed total and count, mails the other administrators, and pays exactly the frozen list', async () => {
    const ada = await payee('main', 'Ada Paid', '0123456781', 500_000);
    const bayo = await payee('main', 'Bayo Moved', '0123456782', 700_000);
    const chi = await payee('main', 'Chi Earned', '0123456783', 900_000);

    const preview = (
      await call('GET', '/admin/payouts/preview?programme=main&period=2026-10', maker.headers)
    ).json();
    expect(preview.totals).toMatchObject({ payees: 3, amount: '21000.00' });
    const asked = await askRun('main', '2026-10');
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({
      kind: 'payout_run',
      status: 'pending',
      amount: preview.totals.amount,
      count: preview.totals.payees,
      hasPreview: true,
    });

    const detail = (await call('GET', `/admin/approvals/${approval.id}`, checker.headers)).json();
    expect(detail.preview).toMatchObject({ total: '21000.00', count: 3 });
    expect(
      detail.preview.lines.map((l: { fullName: string; accountNumberLast4: string; amount: string }) => [
        l.fullName,
        l.accountNumberLast4,
        l.amount,
      ]),
    ).toEqual([
      ['Ada Paid', '6781', '5000.00'],
      ['Bayo Moved', '6782', '7000.00'],
      ['Chi Earned', '6783', '9000.00'],
    ]);

    // The other administrators are told by mail; the maker is not.
    const mails = await queryRows<{ to_address: string; subject: string }>(
      ctx.app.db,
      sql`select to_address, subject from mail_queue where subject = ${`Waiting for your approval: request #${approval.id}`} order by to_address`,
    );
    expect(mails.map((m) => m.to_address).sort()).toEqual([checker.email, third.email].sort());
    const waiting = (await call('GET', '/admin/approvals/waiting', checker.headers)).json().waiting;
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/admin/approvals/waiting', maker.headers)).json().waiting).toBe(0);

    // The maker cannot approve their own request.
    const own = await approve(approval.id, maker.headers);
    expect(own.statusCode).toBe(403);
    expect(await payoutsOf(ada.id)).toEqual([]);

    // Between the request and the approval: Bayo's bank details change, Chi earns more, Dayo becomes due.
    await newBankDetails(bayo.id, '0987654322');
    await fundWallet(ctx.app.db, 'main', chi.id, 50_000);
    const dayo = await payee('main', 'Dayo Later', '0123456784', 400_000);
    const transfersBefore = await ctx.sandbox.transfers.count();

    const approved = await approve(approval.id, checker.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().leftOut).toEqual([
      { fullName: 'Bayo Moved', reason: expect.stringMatching(/bank details changed/) },
      { fullName: 'Chi Earned', reason: expect.stringMatching(/wallet changed/) },
    ]);
    await settled(ctx.app);
    expect(await ctx.sandbox.transfers.count()).toBe(transfersBefore + 1);
    expect(await payoutsOf(ada.id)).toEqual([{ status: 'success', account_number_last4: '6781' }]);
    for (const left of [bayo, chi, dayo]) expect(await payoutsOf(left.id)).toEqual([]);
    expect(await walletBalanceKobo(ctx.app.db, bayo.id)).toBe(700_000);
    expect(await walletBalanceKobo(ctx.app.db, chi.id)).toBe(950_000);

    const runs = (await call('GET', '/admin/payouts/runs?programme=main', checker.headers)).json();
    expect(runs.items[0]).toMatchObject({
      period: '2026-10',
      createdBy: { fullName: 'Maker Admin', email: expect.stringContaining('@') },
      approvedBy: { fullName: 'Checker Admin', email: checker.email },
      payoutCount: 1,
    });
  });

  it('20 concurrent requests for one month’s run leave one pending approval; a second cash-out for the same member answers the first', async () => {
    await payee('welcomeback', 'Eze Waiting', '0123456785', 300_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => askRun('welcomeback', '2026-09')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(202));
    const ids = new Set(answers.map((a) => a.json().approval.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.json().alreadyWaiting === false)).toHaveLength(1);
    const [pending] = await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from approval_requests where kind = 'payout_run' and status = 'pending' and payload->>'period' = '2026-09'`,
    );
    expect(pending!.n).toBe(1);
    // Another administrator asking for the same month gets the same request.
    expect((await askRun('welcomeback', '2026-09', checker.headers)).json().approval.id).toBe([...ids][0]);
    // The maker withdraws it; then the month may be asked for again.
    const withdrawn = await call('POST', `/admin/approvals/${[...ids][0]}/decline`, maker.headers, {
      reason: 'Asked too early',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'declined', count: 1 });
    const askedAgain = await askRun('welcomeback', '2026-09');
    expect(askedAgain.json()).toMatchObject({ alreadyWaiting: false });
    expect(askedAgain.json().approval.id).not.toBe([...ids][0]);
    expect(
      (
        await call('POST', `/admin/approvals/${askedAgain.json().approval.id}/decline`, maker.headers, {
          reason: 'Asked too early',
        })
      ).statusCode,
    ).toBe(200);

    const member = await createTestAccount(ctx.app, { fullName: 'Funmi Cash' });
    await fundWallet(ctx.app.db, 'main', member.id, 60_000_000);
    const cashOut = (amount: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/payOutCash',
        headers: { ...maker.headers, 'idempotency-key': randomUUID() },
        payload: { email: member.email, amount },
      });
    const first = await cashOut('200000');
    const second = await cashOut('150000');
    expect(second.statusCode).toBe(202);
    expect(second.json()).toMatchObject({
      alreadyWaiting: true,
      approval: { id: first.json().approval.id, amount: '200000.00' },
    });
    expect(second.json().message).toMatch(/already waits for a second administrator/);
  });

  it('a retry to bank details changed after the approval waits for a second administrator and moves no money until one approves', async () => {
    // Both transfers fail (the sandbox refuses numbers ending in 9); their details were saved days ago.
    const femi = await payee('welcomeback', 'Femi Changed', '0123456789', 800_000);
    const gbenga = await payee('welcomeback', 'Gbenga Same', '0123456799', 600_000);
    await ctx.app.db.execute(
      sql`update bank_details set saved_at = now() - interval '3 days' where account_id in (${femi.id}, ${gbenga.id})`,
    );
    const asked = await askRun('welcomeback', '2026-10');
    const approved = await approve(asked.json().approval.id, checker.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    const [{ id: runId }] = (await queryRows<{ id: string }>(
      ctx.app.db,
      sql`select id from payout_runs where programme = 'welcomeback' and period = '2026-10'`,
    )) as [{ id: string }];
    await settled(ctx.app);
    expect(await payoutsOf(femi.id)).toEqual([{ status: 'failed', account_number_last4: '6789' }]);

    // Femi's details change after the run was approved, through the member's own bank page; Gbenga's do not.
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/bankdetails',
      headers: await signInAs(ctx.app, femi.id),
      payload: {
        type: 'savings',
        accountNumber: '0555555551',
        accountName: 'SANDBOX TEST ACCOUNT',
        bankCode: '058',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().verified).toBe(true);
    // The member is told at the address on file, with what to do if it was not them.
    const [told] = await queryRows<{ to_address: string; subject: string }>(
      ctx.app.db,
      sql`select to_address, subject from mail_queue where account_id = ${femi.id} and subject = 'Your bank details were changed'`,
    );
    expect(told).toEqual({ to_address: femi.email, subject: 'Your bank details were changed' });
    const transfersBefore = await ctx.sandbox.transfers.count();
    const retry = await call('POST', `/admin/payouts/runs/${runId}/retry`, maker.headers);
    expect(retry.statusCode, retry.body).toBe(202);
    const answer = retry.json();
    expect(answer).toMatchObject({
      reserved: 1,
      skipped: { bank_details_new: 1 },
      approval: { kind: 'payout_retry', status: 'pending', amount: '8000.00', count: 1 },
    });
    expect(answer.message).toMatch(/waiting for a second administrator/);
    const detail = (await call('GET', `/admin/approvals/${answer.approval.id}`, checker.headers)).json();
    expect(detail.preview.lines).toEqual([
      expect.objectContaining({
        fullName: 'Femi Changed',
        previousAccountNumberLast4: '6789',
        accountNumberLast4: '5551',
        amount: '8000.00',
      }),
    ]);
    await settled(ctx.app);
    // Only Gbenga's unchanged details were tried again; Femi's money stays in the wallet.
    expect(await ctx.sandbox.transfers.count()).toBe(transfersBefore + 1);
    expect(await walletBalanceKobo(ctx.app.db, femi.id)).toBe(800_000);
    expect((await approve(answer.approval.id, maker.headers)).statusCode).toBe(403);
    expect(await walletBalanceKobo(ctx.app.db, femi.id)).toBe(800_000);

    const approvedRetry = await approve(answer.approval.id, checker.headers);
    expect(approvedRetry.statusCode, approvedRetry.body).toBe(200);
    expect(approvedRetry.json().leftOut).toEqual([]);
    await settled(ctx.app);
    expect(await walletBalanceKobo(ctx.app.db, femi.id)).toBe(0);
    const [paid] = await queryRows<{ status: string; account_number_last4: string }>(
      ctx.app.db,
      sql`select status, account_number_last4 from payouts where account_id = ${femi.id}`,
    );
    expect(paid).toEqual({ status: 'success', account_number_last4: '5551' });
  });

  it('a request still waiting after APPROVAL_REMINDER_HOURS is mailed to the other administrators again, once', async () => {
    const later = new Date(Date.now() + 25 * 3_600_000);
    const reminded = await remindWaitingApprovals(ctx.app, later);
    expect(reminded).toBeGreaterThanOrEqual(1);
    expect(await remindWaitingApprovals(ctx.app, later)).toBe(0);
    const mails = await queryRows<{ to_address: string }>(
      ctx.app.db,
      sql`select to_address from mail_queue where subject like 'Still waiting: request #%'`,
    );
    expect(mails.some((m) => m.to_address === checker.email)).toBe(true);
  });
});
