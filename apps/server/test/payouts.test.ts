import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { accounts } from '../src/db/schema';
import { ledgerDiscrepancies, walletBalanceKobo } from '../src/modules/ledger/queries';
import { payoutAttention } from '../src/modules/payouts/attention';
import { decidePayee } from '../src/modules/payouts/payee-rules';
import { applyTransferOutcome } from '../src/modules/payouts/transfer-outcome';
import { currentPeriod, isFuturePeriod } from '../src/modules/payouts/period';
import { fundWallet, saveBankDetails } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';

describe('payout rules', () => {
  const bank = { verified: true };
  it('pays the whole wallet of an active or closed account with verified bank details at or above the minimum', () => {
    expect(
      decidePayee(
        { balanceKobo: 100_000, accountStatus: 'active', bank, earlierPayoutFailed: false },
        100_000,
      ),
    ).toEqual({
      pay: true,
      amountKobo: 100_000,
    });
    expect(
      decidePayee(
        { balanceKobo: 250_050, accountStatus: 'closed', bank, earlierPayoutFailed: false },
        100_000,
      ),
    ).toEqual({
      pay: true,
      amountKobo: 250_050,
    });
  });
  it('says why a wallet is left out', () => {
    expect(
      decidePayee(
        { balanceKobo: 99_999, accountStatus: 'active', bank, earlierPayoutFailed: false },
        100_000,
      ),
    ).toEqual({
      pay: false,
      reason: 'below_minimum',
    });
    expect(
      decidePayee({ balanceKobo: 0, accountStatus: 'active', bank, earlierPayoutFailed: false }, 0),
    ).toEqual({
      pay: false,
      reason: 'below_minimum',
    });
    expect(
      decidePayee(
        { balanceKobo: 500_000, accountStatus: 'active', bank: null, earlierPayoutFailed: false },
        100_000,
      ),
    ).toEqual({
      pay: false,
      reason: 'no_bank_details',
    });
    expect(
      decidePayee(
        {
          balanceKobo: 500_000,
          accountStatus: 'active',
          bank: { verified: false },
          earlierPayoutFailed: false,
        },
        100_000,
      ),
    ).toEqual({ pay: false, reason: 'bank_details_unverified' });
    expect(
      decidePayee(
        { balanceKobo: 500_000, accountStatus: 'suspended', bank, earlierPayoutFailed: false },
        100_000,
      ),
    ).toEqual({
      pay: false,
      reason: 'account_suspended',
    });
  });
  it("says a bank-file run's failures in the bank's words, never Paystack's, whatever the member's bank details", () => {
    const banks = [
      null,
      { verified: false, changedSinceFailure: false },
      { verified: true, changedSinceFailure: true },
      { verified: true, changedSinceFailure: false },
    ];
    const reasons = [null, 'Account closed', 'The bank could not pay this account'];
    const statuses = ['reserved', 'processing', 'otp', 'success', 'failed', 'reversed', 'released'] as const;
    const said = new Set<string>();
    for (const status of statuses)
      for (const bank of banks)
        for (const failureReason of reasons) {
          const attention = payoutAttention({ status, failureReason, bank, mode: 'csv' });
          if (attention) said.add(`${attention.reason} ${attention.action}`);
        }
    expect(said.size).toBeGreaterThan(0);
    for (const words of said) expect(words).not.toMatch(/paystack/i);
    expect(
      payoutAttention({ status: 'failed', failureReason: 'Account closed', bank: banks[2]!, mode: 'csv' }),
    ).toEqual({
      reason:
        "The bank said: “Account closed”. The bank did not pay this account; the amount is back in the member's wallet.",
      action: 'The member has corrected the bank details since: retry to put it in the next bank file.',
      retryable: true,
      needsCode: false,
    });
    expect(
      payoutAttention({
        status: 'failed',
        failureReason: 'The bank could not pay this account',
        bank: banks[3]!,
        mode: 'csv',
      })!.reason,
    ).toBe(
      "The bank gave no reason (recorded before reasons were asked for). The bank did not pay this account; the amount is back in the member's wallet.",
    );
  });
  it('knows the current month in Lagos and refuses months not begun', () => {
    expect(currentPeriod(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12');
    expect(currentPeriod(new Date('2026-11-30T22:59:00Z'))).toBe('2026-11');
    expect(isFuturePeriod('2026-12', new Date('2026-11-30T12:00:00Z'))).toBe(true);
    expect(isFuturePeriod('2026-11', new Date('2026-11-30T12:00:00Z'))).toBe(false);
    expect(isFuturePeriod('2025-01', new Date('2026-11-30T12:00:00Z'))).toBe(false);
  });
});

describeEachDatabase('payout preview and bank-file runs', (database) => {
  const ctx = useTestApp(database, { PAYMENT_PROVIDER: 'sandbox' });
  let admin: Record<string, string>;
  let adminId: string;
  const people = {} as Record<
    'paid' | 'paid2' | 'noBank' | 'unverified' | 'small' | 'suspended' | 'empty' | 'formula',
    { id: string; email: string }
  >;

  beforeAll(async () => {
    const a = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada Admin' });
    adminId = a.id;
    admin = await signInAs(ctx.app, a.id);
    const make = async (
      name: keyof typeof people,
      walletKobo: number,
      bank: { accountNumber: string; verified: boolean } | null,
      fullName = 'Member',
    ) => {
      const account = await createTestAccount(ctx.app, { programme: 'welcomeback', fullName });
      if (walletKobo) await fundWallet(ctx.app.db, 'welcomeback', account.id, walletKobo);
      if (bank) await saveBankDetails(ctx.app.db, account.id, bank);
      people[name] = { id: account.id, email: account.email };
    };
    await make('paid', 500_000, { accountNumber: '0123456781', verified: true }, 'Paid One');
    await make('paid2', 250_050, { accountNumber: '0123456782', verified: true }, 'Paid Two');
    await make('noBank', 500_000, null);
    await make('unverified', 500_000, { accountNumber: '0123456783', verified: false });
    await make('small', 99_999, { accountNumber: '0123456784', verified: true });
    await make('suspended', 500_000, { accountNumber: '0123456785', verified: true });
    await make('empty', 0, { accountNumber: '0123456786', verified: true });
    await make('formula', 300_000, { accountNumber: '0123456787', verified: true }, '=HYPERLINK("x")');
    await ctx.app.db
      .update(accounts)
      .set({ status: 'suspended' })
      .where(eq(accounts.id, people.suspended.id));
    // A Main wallet is not part of a Welcome Back run.
    const main = await createTestAccount(ctx.app, { programme: 'main' });
    await fundWallet(ctx.app.db, 'main', main.id, 700_000);
    await saveBankDetails(ctx.app.db, main.id, { accountNumber: '0123456788' });
  });

  const period = currentPeriod(new Date());
  const balanceOf = async (key: string) => {
    const [row] = await queryRows<{ balance_kobo: string }>(
      ctx.app.db,
      sql`select balance_kobo from ledger_accounts where key = ${key}`,
    );
    return row ? Number(row.balance_kobo) : 0;
  };
  const get = (url: string, headers = admin) => ctx.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: Record<string, unknown>, headers = admin) =>
    ctx.app.inject({ method: 'POST', url, headers, payload });

  it('previews who is paid and who is skipped, and why', async () => {
    const res = await get(`/api/admin/payouts/preview?programme=welcomeback&period=${period}`);
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.payees.map((p: { email: string }) => p.email).sort()).toEqual(
      [people.paid.email, people.paid2.email, people.formula.email].sort(),
    );
    expect(preview.payees.find((p: { email: string }) => p.email === people.paid2.email)).toEqual({
      accountId: people.paid2.id,
      fullName: 'Paid Two',
      email: people.paid2.email,
      bankName: 'Guaranty Trust Bank',
      accountNumberLast4: '6782',
      amount: '2500.50',
    });
    const reasons = Object.fromEntries(
      preview.skipped.map((s: { accountId: string; reason: string; reasonText: string }) => [
        s.accountId,
        [s.reason, s.reasonText],
      ]),
    );
    expect(reasons).toEqual({
      [people.noBank.id]: ['no_bank_details', 'No bank details saved'],
      [people.unverified.id]: ['bank_details_unverified', 'Bank details not verified with the bank'],
      [people.small.id]: ['below_minimum', 'Wallet below the payout minimum'],
      [people.suspended.id]: ['account_suspended', 'Account suspended'],
    });
    expect(preview.totals).toEqual({ payees: 3, amount: '10500.50', skipped: 4, skippedAmount: '15999.99' });
    expect(preview).toMatchObject({
      programme: 'welcomeback',
      period,
      minimum: '1000.00',
      existingRun: null,
    });
    expect(JSON.stringify(preview)).not.toContain('0123456781');
  });

  it('refuses a bad or future month and a member', async () => {
    const bad = await get('/api/admin/payouts/preview?programme=welcomeback&period=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose the month to pay, as YYYY-MM');
    const future = await post('/api/admin/payouts/run', {
      programme: 'welcomeback',
      period: '2999-01',
      mode: 'csv',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('That month has not begun yet: choose this month or an earlier one');
    const member = await signInAs(ctx.app, people.paid.id);
    expect(
      (await get(`/api/admin/payouts/preview?programme=welcomeback&period=${period}`, member)).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/admin/payouts/run', { programme: 'welcomeback', period, mode: 'csv' }, member))
        .statusCode,
    ).toBe(403);
    expect((await get('/api/admin/payouts/runs', member)).statusCode).toBe(403);
  });

  let runId: number;

  it('runs the month as a bank file: each payee reserved at once, and the same month again pays nobody twice', async () => {
    const res = await post('/api/admin/payouts/run', { programme: 'welcomeback', period, mode: 'csv' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    runId = body.run.id;
    expect(body).toMatchObject({
      reserved: 3,
      skipped: { below_minimum: 1, no_bank_details: 1, bank_details_unverified: 1, account_suspended: 1 },
    });
    expect(body.run).toMatchObject({
      programme: 'welcomeback',
      period,
      mode: 'csv',
      status: 'running',
      createdBy: { fullName: 'Ada Admin', email: expect.stringContaining('@') },
      payoutCount: 3,
      total: '10500.50',
      paid: '0.00',
    });
    expect(await walletBalanceKobo(ctx.app.db, people.paid.id)).toBe(0);
    expect(await walletBalanceKobo(ctx.app.db, people.noBank.id)).toBe(500_000);
    const [clearing] = await queryRows<{ balance_kobo: string }>(
      ctx.app.db,
      sql`select balance_kobo from ledger_accounts where key = 'payout_clearing:welcomeback'`,
    );
    expect(Number(clearing!.balance_kobo)).toBe(1_050_050);

    // A new bonus lands; running the month again is refused and moves nothing.
    await fundWallet(ctx.app.db, 'welcomeback', people.paid.id, 200_000);
    const again = await post('/api/admin/payouts/run', { programme: 'welcomeback', period, mode: 'csv' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `The Welcome Back payout for ${period} has already been run. Open it and press Retry to pay the payouts that did not go through.`,
    );
    expect(await walletBalanceKobo(ctx.app.db, people.paid.id)).toBe(200_000);
    const payouts = await queryRows(
      ctx.app.db,
      sql`select id from payouts where account_id = ${people.paid.id}`,
    );
    expect(payouts).toHaveLength(1);
    const preview = (await get(`/api/admin/payouts/preview?programme=welcomeback&period=${period}`)).json();
    expect(preview.existingRun).toMatchObject({ id: runId, status: 'running' });
    const audit = await queryRows(
      ctx.app.db,
      sql`select actor_account_id from audit_log where action = 'payout_run'`,
    );
    expect(audit).toEqual([{ actor_account_id: adminId }]);
  });

  it('lists runs and shows a run with bank names and last 4 digits only', async () => {
    const list = (await get('/api/admin/payouts/runs')).json();
    expect(list).toMatchObject({ total: 1, items: [{ id: runId, payoutCount: 3 }] });
    const detail = await get(`/api/admin/payouts/runs/${runId}`);
    expect(detail.statusCode).toBe(200);
    const run = detail.json();
    expect(run.payouts).toHaveLength(3);
    expect(run.payouts[0]).toMatchObject({
      fullName: 'Paid One',
      amount: '5000.00',
      status: 'reserved',
      bankName: 'Guaranty Trust Bank',
      accountNumberLast4: '6781',
    });
    expect(detail.body).not.toMatch(/012345678\d/);
    expect((await get('/api/admin/payouts/runs/999999')).statusCode).toBe(404);
  });

  let batchId: number;
  const bankFile = (id = runId, headers = admin) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/payouts/runs/${id}/bank-file`, headers });
  const record = (id: number, failed: { payoutId: number; reason: string }[]) =>
    post(`/api/admin/payouts/batches/${id}/record`, { failed });

  it('gives the bank a file of the payouts to send, with its id and control total, full account numbers and the download audited', async () => {
    const made = await bankFile();
    expect(made.statusCode, made.body).toBe(201);
    batchId = made.json().id;
    expect(made.json()).toMatchObject({
      status: 'open',
      paymentCount: 3,
      total: '10500.50',
      paid: '0.00',
      createdBy: { fullName: 'Ada Admin', email: expect.stringContaining('@') },
    });
    // Asking again gives the same open batch, not a new one.
    const again = await bankFile();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: batchId, paymentCount: 3, total: '10500.50' });

    const res = await get(`/api/admin/payouts/batches/${batchId}/csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="bank-file-welcomeback-${period}-batch-${batchId}.csv"`,
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Record,Reference,Beneficiary name,Account number,Bank code,Bank name,Amount (NGN),Narration,Note',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(
      new RegExp(
        `^HEADER,Batch ${batchId},Welcome Back payout ${period},,,,10500\\.50,,"Control total: 3 payments, 1050050 kobo; made `,
      ),
    );
    const narration = `Cooperative bonus payout ${period}`;
    expect(lines[2]).toMatch(
      new RegExp(
        `^PAYMENT,payout-[0-9a-f-]{36},TEST MEMBER,0123456781,058,Guaranty Trust Bank,5000\\.00,${narration},$`,
      ),
    );
    expect(lines[3]).toMatch(/^PAYMENT,.*,0123456782,058,Guaranty Trust Bank,2500\.50,/);
    expect(lines[4]).toMatch(/^PAYMENT,.*,0123456787,058,Guaranty Trust Bank,3000\.00,/);
    expect(lines[5]).toBe(`TRAILER,Batch ${batchId},Control total,,,,10500.50,,"3 payments, 1050050 kobo"`);
    // The same rows again: the file of an open batch does not change between downloads.
    expect((await get(`/api/admin/payouts/batches/${batchId}/csv`)).body.split('\n').slice(2)).toEqual(
      res.body.split('\n').slice(2),
    );
    const audit = await queryRows(
      ctx.app.db,
      sql`select actor_account_id, details from audit_log where action = 'payout_csv_download'`,
    );
    expect(audit).toEqual([
      { actor_account_id: adminId, details: { runId, batchId, rows: 3, totalKobo: 1_050_050 } },
      { actor_account_id: adminId, details: { runId, batchId, rows: 3, totalKobo: 1_050_050 } },
    ]);
    const member = await signInAs(ctx.app, people.paid.id);
    expect((await get(`/api/admin/payouts/batches/${batchId}/csv`, member)).statusCode).toBe(403);
    expect((await bankFile(runId, member)).statusCode).toBe(403);
    const run = (await get(`/api/admin/payouts/runs/${runId}`)).json();
    expect(run.batches).toMatchObject([
      {
        id: batchId,
        status: 'open',
        paymentCount: 3,
        items: [{ outcome: null }, { outcome: null }, { outcome: null }],
      },
    ]);
    expect(run.payouts[0].statusText).toBe(
      "Held for this run: in the bank file sent, waiting for the bank's answer",
    );
  });

  it('writes a name that starts like a formula as text', async () => {
    await ctx.app.db.execute(
      sql`update bank_details set resolved_account_name = '=HYPERLINK("x")' where account_id = ${people.formula.id}`,
    );
    const csv = (await get(`/api/admin/payouts/batches/${batchId}/csv`)).body;
    expect(csv).toContain(`,"'=HYPERLINK(""x"")",0123456787,`);
    expect(csv).not.toContain(',=HYPERLINK');
  });

  it("records what the bank paid per batch, with the bank's reason for each payment it refused, whose money goes back to the wallet", async () => {
    const run = (await get(`/api/admin/payouts/runs/${runId}`)).json();
    const failedOne = run.payouts.find((p: { fullName: string }) => p.fullName === 'Paid Two');
    const stranger = await record(batchId, [{ payoutId: 999999, reason: 'Account closed' }]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(`Payout 999999 is not in Batch ${batchId}`);
    const noReason = await post(`/api/admin/payouts/batches/${batchId}/record`, {
      failed: [{ payoutId: failedOne.id, reason: ' ' }],
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Write the bank's reason for this payment/);

    const res = await record(batchId, [{ payoutId: failedOne.id, reason: 'Account closed' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      settled: 2,
      failed: 1,
      batch: {
        id: batchId,
        status: 'recorded',
        paid: '8000.00',
        recordedBy: { fullName: 'Ada Admin', email: expect.stringContaining('@') },
        recordedApprovedBy: null,
      },
      run: { status: 'needs_attention', paid: '8000.00', counts: { success: 2, failed: 1 } },
    });
    expect(await walletBalanceKobo(ctx.app.db, people.paid2.id)).toBe(250_050);
    expect(await walletBalanceKobo(ctx.app.db, people.paid.id)).toBe(200_000);
    expect(await balanceOf('payout_clearing:welcomeback')).toBe(0);
    // Recorded once: a second record of the batch, and its file, are refused.
    const again = await record(batchId, []);
    expect(again.statusCode).toBe(409);
    const file = await get(`/api/admin/payouts/batches/${batchId}/csv`);
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toMatch(
      /is recorded: its file is not given again, so that nobody is paid twice/,
    );
    // Nothing is left to send until the refused payout is retried.
    const nothing = await bankFile();
    expect(nothing.statusCode).toBe(409);
    const after = (await get(`/api/admin/payouts/runs/${runId}`)).json();
    const refused = after.payouts.find((p: { id: number }) => p.id === failedOne.id);
    expect(refused.attention.reason).toBe(
      "The bank said: “Account closed”. The bank did not pay this account; the amount is back in the member's wallet.",
    );
    expect(refused.statusText).toBe('The bank did not pay this account; the money is back in the wallet');
    expect(JSON.stringify(after)).not.toMatch(/paystack/i);
    const [audit] = await queryRows<{ details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select details from audit_log where action = 'payout_csv_confirm'`,
    );
    expect(audit!.details).toMatchObject({
      runId,
      batchId,
      paidKobo: 800_000,
      failed: [{ payoutId: failedOne.id, reason: 'Account closed' }],
    });
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });

  it('pays a bank-file payout the bank refused again in its own run, once, in a file of its own, after the details are corrected', async () => {
    const run = (await get(`/api/admin/payouts/runs/${runId}`)).json();
    const failedOne = run.payouts.find((p: { fullName: string }) => p.fullName === 'Paid Two');
    await ctx.app.db.execute(
      sql`update bank_details set verified = false where account_id = ${people.paid2.id}`,
    );
    const refused = (await post(`/api/admin/payouts/runs/${runId}/retry`, {})).json();
    expect(refused).toMatchObject({ reserved: 0, skipped: { bank_details_unverified: 1 } });
    await ctx.app.db.execute(
      sql`update bank_details set verified = true, account_number = '0123456790', account_number_last4 = '6790', updated_at = now() + interval '1 second' where account_id = ${people.paid2.id}`,
    );
    const [retry, retryAgain] = await Promise.all([
      post(`/api/admin/payouts/runs/${runId}/retry`, {}),
      post(`/api/admin/payouts/runs/${runId}/retry`, {}),
    ]);
    expect([retry.json().reserved, retryAgain.json().reserved].sort()).toEqual([0, 1]);
    expect(await walletBalanceKobo(ctx.app.db, people.paid2.id)).toBe(0);
    const waiting = (await get(`/api/admin/payouts/runs/${runId}`)).json();
    expect(waiting).toMatchObject({ status: 'running', counts: { reserved: 1, failed: 0 } });
    const again = waiting.payouts.find((p: { id: number }) => p.id === failedOne.id);
    expect(again).toMatchObject({
      attempt: 2,
      status: 'reserved',
      accountNumberLast4: '6790',
      statusText: 'Held for this run: goes in the next bank file',
    });
    expect(again.reference).not.toBe(failedOne.reference);
    // The next file holds the retried payout only: the two the bank paid are in no other file.
    const second = await bankFile();
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      paymentCount: 1,
      total: '2500.50',
      items: [{ payoutId: failedOne.id, attempt: 2, reference: again.reference }],
    });
    const csv = (await get(`/api/admin/payouts/batches/${second.json().id}/csv`)).body;
    expect(
      csv
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('PAYMENT,')),
    ).toEqual([expect.stringContaining(',0123456790,058,')]);
    const res = await record(second.json().id, []);
    expect(res.json()).toMatchObject({ settled: 1, run: { status: 'completed', paid: '10500.50' } });
    expect(await walletBalanceKobo(ctx.app.db, people.paid2.id)).toBe(0);
    const batches = (await get(`/api/admin/payouts/runs/${runId}`)).json().batches;
    expect(batches.map((b: { id: number; status: string }) => [b.id, b.status])).toEqual([
      [second.json().id, 'recorded'],
      [batchId, 'recorded'],
    ]);
    // The first attempt keeps its own account ending in the first batch.
    expect(batches[1].items.find((i: { payoutId: number }) => i.payoutId === failedOne.id)).toMatchObject({
      attempt: 1,
      accountNumberLast4: '6782',
      outcome: 'failed',
      bankReason: 'Account closed',
    });
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });

  it('lets only one of two simultaneous runs of a month through', async () => {
    const both = await Promise.all([
      post('/api/admin/payouts/run', { programme: 'main', period: '2026-01', mode: 'csv' }),
      post('/api/admin/payouts/run', { programme: 'main', period: '2026-01', mode: 'csv' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from payouts where programme = 'main'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });

  it('moves a payout only forward: a late, repeated or contradicting outcome changes nothing', async () => {
    const [payout] = await queryRows<{ reference: string; amount_kobo: string }>(
      ctx.app.db,
      sql`select reference, amount_kobo from payouts where programme = 'main' and status = 'reserved'`,
    );
    const amountKobo = Number(payout!.amount_kobo);
    const apply = (status: string, amount = amountKobo) =>
      applyTransferOutcome(ctx.app.db, payout!.reference, {
        status,
        amountKobo: amount,
        transferCode: 'TRF_x',
      });
    expect(await apply('pending')).toEqual({ applied: true, from: 'reserved', to: 'processing' });
    expect(await apply('success', amountKobo + 1)).toEqual({
      applied: false,
      why: 'amount_mismatch',
      status: 'processing',
    });
    expect(await apply('success')).toEqual({ applied: true, from: 'processing', to: 'success' });
    for (const late of ['pending', 'success'])
      expect(await apply(late)).toEqual({ applied: false, why: 'no_change', status: 'success' });
    // A failure reported after success moves no money; it is kept and flagged to the operator.
    for (const late of ['failed', 'abandoned'])
      expect(await apply(late)).toEqual({ applied: false, why: 'flagged', status: 'success' });
    expect(
      await applyTransferOutcome(ctx.app.db, 'payout-unknown-reference', { status: 'success', amountKobo }),
    ).toEqual({
      applied: false,
      why: 'unknown_reference',
    });
    const entries = await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from journal_entries where kind = 'payout_success' and programme = 'main'`,
    );
    expect(entries).toEqual([{ n: 1 }]);
    expect(await balanceOf('payout_clearing:main')).toBe(0);
    expect(await balanceOf('provider_settlement:main')).toBe(amountKobo);
  });
});
