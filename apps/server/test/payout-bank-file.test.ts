import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { ledgerDiscrepancies, walletBalanceKobo } from '../src/modules/ledger/queries';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';
import { outboxOf } from './notifications-kit';
import { fundWallet, saveBankDetails } from './payouts-test-kit';

/**
 * The operator's trial of issue 39, approvals on: a bank-file run of five payees, N190,000 paid by the bank and two
 * refused; one refused payout retried; a record corrected each way. Threshold N100,000 (the default).
 */
describeEachDatabase('bank files that pay once, recorded and corrected by two administrators', (database) => {
  const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
  let maker: Record<string, string>;
  let checker: Record<string, string>;
  const people = {} as Record<
    'ada' | 'bola' | 'chidi' | 'dayo' | 'emeka',
    { id: string; email: string; payoutId?: number }
  >;
  const period = '2025-03';
  let runId: number;
  let firstBatch: number;

  const admin = async (fullName: string) =>
    signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin', fullName, secondFactor: true })).id);
  const post = (url: string, payload: unknown, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: payload as Record<string, unknown>,
    });
  const get = (url: string, headers = maker) => ctx.app.inject({ method: 'GET', url, headers });
  const approve = (id: number, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/approvals/${id}/approve`, headers });
  const bankFile = (headers = maker) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/payouts/runs/${runId}/bank-file`, headers });
  const runDetail = async () => (await get(`/api/admin/payouts/runs/${runId}`)).json();
  const balanceOf = async (key: string) =>
    Number(
      (
        await queryRows<{ balance_kobo: string }>(
          ctx.app.db,
          sql`select balance_kobo from ledger_accounts where key = ${key}`,
        )
      )[0]?.balance_kobo ?? 0,
    );
  const journalSum = async () =>
    Number(
      (
        await queryRows<{ total: string }>(
          ctx.app.db,
          sql`select coalesce(sum(amount_kobo), 0) as total from journal_lines`,
        )
      )[0]!.total,
    );

  beforeAll(async () => {
    maker = await admin('Maker Admin');
    checker = await admin('Checker Admin');
    const member = async (
      name: keyof typeof people,
      fullName: string,
      walletKobo: number,
      accountNumber: string,
    ) => {
      const account = await createTestAccount(ctx.app, { programme: 'main', fullName });
      await fundWallet(ctx.app.db, 'main', account.id, walletKobo);
      await saveBankDetails(ctx.app.db, account.id, { accountNumber });
      people[name] = { id: account.id, email: account.email };
    };
    await member('ada', 'Ada Obi', 10_000_000, '0123450001');
    await member('bola', 'Bola Ade', 5_000_000, '0123450002');
    await member('chidi', 'Chidi Eze', 4_000_000, '0123450003');
    await member('dayo', 'Dayo Ola', 3_000_000, '0123450004');
    await member('emeka', 'Emeka Nwa', 2_000_000, '0123450005');
    // Details saved long before the run: a retry to them needs no second administrator (decision 0025).
    await ctx.app.db.execute(
      sql`update bank_details set saved_at = now() - interval '10 days', updated_at = now() - interval '10 days'`,
    );
    const asked = await post('/api/admin/payouts/run', { programme: 'main', period, mode: 'csv' }, maker);
    expect(asked.statusCode, asked.body).toBe(202);
    const runApproved = await approve(asked.json().approval.id, checker);
    expect(runApproved.statusCode, runApproved.body).toBe(200);
    const runs = (await get('/api/admin/payouts/runs?programme=main')).json();
    runId = runs.items.find((r: { period: string }) => r.period === period).id;
    const run = await runDetail();
    for (const p of run.payouts as { id: number; accountId: string }[])
      for (const person of Object.values(people)) if (person.id === p.accountId) person.payoutId = p.id;
  });

  it('makes one batch of two downloads at once, and gives it again', async () => {
    const both = await Promise.all([bankFile(maker), bankFile(checker)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(both[0].json().id).toBe(both[1].json().id);
    firstBatch = both[0].json().id;
    expect(both[0].json()).toMatchObject({ status: 'open', paymentCount: 5, total: '240000.00' });
    const again = await bankFile();
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(firstBatch);
    const rows = await queryRows<{ batches: number; items: number; payouts: number }>(
      ctx.app.db,
      sql`select (select count(*)::int from payout_batches where run_id = ${runId}) as batches,
            (select count(*)::int from payout_batch_items) as items, (select count(distinct payout_id)::int from payout_batch_items) as payouts`,
    );
    expect(rows).toEqual([{ batches: 1, items: 5, payouts: 5 }]);
  });

  it('waits for a second administrator to record a batch whose paid total is above the threshold, and moves nothing before', async () => {
    const failed = [
      { payoutId: people.dayo.payoutId!, reason: 'Account dormant' },
      { payoutId: people.emeka.payoutId!, reason: 'Invalid account number' },
    ];
    // A record asked with the wrong answer is withdrawn: the batch is open again and nothing moved.
    const wrong = await post(`/api/admin/payouts/batches/${firstBatch}/record`, { failed: [] }, maker);
    expect(wrong.statusCode, wrong.body).toBe(202);
    const withdrawn = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${wrong.json().approval.id}/decline`,
      headers: maker,
      payload: { reason: 'Two payments were refused: asking again' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await runDetail()).batches[0]).toMatchObject({
      id: firstBatch,
      status: 'open',
      pendingRecordApprovalId: null,
    });

    const asked = await post(`/api/admin/payouts/batches/${firstBatch}/record`, { failed }, maker);
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({
      kind: 'bank_file_record',
      status: 'pending',
      amount: '190000.00',
      count: 3,
    });
    expect(approval.summary).toBe(
      `record what the bank paid for Batch ${firstBatch} of the Main payout ${period}: 3 paid (₦190,000), 2 not paid, back to the wallet: Dayo Ola (the bank said: “Account dormant”); Emeka Nwa (the bank said: “Invalid account number”)`,
    );
    expect(await balanceOf('payout_clearing:main')).toBe(24_000_000);
    let run = await runDetail();
    expect(run.counts).toMatchObject({ reserved: 5 });
    expect(run.batches[0]).toMatchObject({
      id: firstBatch,
      status: 'awaiting_approval',
      pendingRecordApprovalId: approval.id,
    });
    // Asking again answers the waiting request; the file is the same batch meanwhile.
    const twice = await post(`/api/admin/payouts/batches/${firstBatch}/record`, { failed }, maker);
    expect(twice.json()).toMatchObject({ alreadyWaiting: true, approval: { id: approval.id } });
    // An answer under the threshold is not recorded beside the one that waits.
    const beside = await post(
      `/api/admin/payouts/batches/${firstBatch}/record`,
      {
        failed: [
          ...failed,
          { payoutId: people.ada.payoutId!, reason: 'Account dormant' },
          { payoutId: people.bola.payoutId!, reason: 'Account dormant' },
        ],
      },
      checker,
    );
    expect(beside.statusCode).toBe(409);
    expect(beside.json().message).toBe(
      `A record of Batch ${firstBatch} waits for a second administrator (request #${approval.id}): withdraw or decline it first.`,
    );
    expect((await bankFile()).json().id).toBe(firstBatch);

    const own = await approve(approval.id, maker);
    expect(own.statusCode).toBe(403);
    expect(await balanceOf('payout_clearing:main')).toBe(24_000_000);
    const approved = await approve(approval.id, checker);
    expect(approved.statusCode, approved.body).toBe(200);
    run = await runDetail();
    expect(run).toMatchObject({
      status: 'needs_attention',
      paid: '190000.00',
      counts: { success: 3, failed: 2 },
    });
    expect(run.batches[0]).toMatchObject({
      status: 'recorded',
      paid: '190000.00',
      recordedBy: { fullName: 'Maker Admin', email: expect.stringContaining('@') },
      recordedApprovedBy: { fullName: 'Checker Admin', email: expect.stringContaining('@') },
    });
    expect(await walletBalanceKobo(ctx.app.db, people.dayo.id)).toBe(3_000_000);
    expect(await balanceOf('provider_settlement:main')).toBe(19_000_000);
    const dayo = run.payouts.find((p: { id: number }) => p.id === people.dayo.payoutId);
    expect(dayo.attention.reason).toBe(
      "The bank said: “Account dormant”. The bank did not pay this account; the amount is back in the member's wallet.",
    );
    expect(JSON.stringify(run)).not.toMatch(/paystack/i);
    expect(JSON.stringify(approved.json())).not.toMatch(/paystack/i);
    const mails = await outboxOf(ctx.app, people.dayo.email);
    const failedMail = mails.find((m) => m.subject.startsWith('Payout failed'));
    expect(failedMail!.text).toContain('(Account dormant)');
    for (const mail of mails) expect(`${mail.subject} ${mail.text}`).not.toMatch(/paystack/i);
  });

  it('puts only the retried payout in the next bank file', async () => {
    // Emeka's details are no longer confirmed: the retry leaves him out, and his refused payout stays as recorded.
    await ctx.app.db.execute(
      sql`update bank_details set verified = false where account_id = ${people.emeka.id}`,
    );
    const retry = await post(`/api/admin/payouts/runs/${runId}/retry`, {}, maker);
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({ reserved: 1, skipped: { bank_details_unverified: 1 } });
    expect(JSON.stringify(retry.json())).not.toMatch(/paystack/i);
    const second = await bankFile();
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      paymentCount: 1,
      total: '30000.00',
      items: [{ payoutId: people.dayo.payoutId, attempt: 2 }],
    });
    const csv = (await get(`/api/admin/payouts/batches/${second.json().id}/csv`)).body;
    const payments = csv
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('PAYMENT,'));
    expect(payments).toEqual([expect.stringContaining(',0123450004,058,Guaranty Trust Bank,30000.00,')]);
    expect(csv).not.toMatch(/paystack/i);
    // At or below the threshold, one administrator records it.
    const recorded = await post(
      `/api/admin/payouts/batches/${second.json().id}/record`,
      { failed: [] },
      maker,
    );
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ settled: 1, failed: 0, run: { paid: '220000.00' } });
    expect((await bankFile()).statusCode).toBe(409);
  });

  it('corrects a wrong record only through an approved reversal: the ledger moves back once and the journal balances', async () => {
    const reason = 'Bank statement of 3 March shows it returned: name mismatch';
    const asked = await post(
      `/api/admin/payouts/batches/${firstBatch}/reversal`,
      { payoutIds: [people.bola.payoutId], reason },
      maker,
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json();
    expect(approval).toMatchObject({ kind: 'bank_file_reversal', amount: '50000.00', count: 1 });
    expect(approval.summary).toContain(
      'Bola Ade: recorded paid, the bank did not pay (₦50,000 back to the wallet)',
    );
    expect(await walletBalanceKobo(ctx.app.db, people.bola.id)).toBe(0);
    expect((await approve(approval.id, maker)).statusCode).toBe(403);
    const approved = await approve(approval.id, checker);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await approve(approval.id, checker)).statusCode).toBe(409);
    expect(await walletBalanceKobo(ctx.app.db, people.bola.id)).toBe(5_000_000);
    expect(await balanceOf('provider_settlement:main')).toBe(22_000_000 - 5_000_000);
    const run = await runDetail();
    expect(run.status).toBe('needs_attention');
    const bola = run.payouts.find((p: { id: number }) => p.id === people.bola.payoutId);
    expect(bola).toMatchObject({ status: 'failed', failureReason: reason });
    expect(bola.attention.reason).toBe(
      `The bank said: “${reason}”. The bank did not pay this account; the amount is back in the member's wallet.`,
    );
    const first = run.batches.find((b: { id: number }) => b.id === firstBatch);
    expect(first.items.find((i: { payoutId: number }) => i.payoutId === people.bola.payoutId)).toMatchObject({
      outcome: 'failed',
      reversedFrom: 'paid',
      reversalReason: reason,
      reversedBy: { fullName: 'Maker Admin', email: expect.stringContaining('@') },
      reversalApprovedBy: { fullName: 'Checker Admin', email: expect.stringContaining('@') },
    });
    expect(first).toMatchObject({ status: 'recorded', paid: '140000.00' });
    // A record is corrected once: asking again for the same payment is refused.
    const again = await post(
      `/api/admin/payouts/batches/${firstBatch}/reversal`,
      { payoutIds: [people.bola.payoutId], reason },
      maker,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/was corrected once already/);
    const moves = await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from journal_entries where idempotency_key like ${`payout:${people.bola.payoutId}:%bank-file%`}`,
    );
    expect(moves).toEqual([{ n: 1 }]);
    expect(await journalSum()).toBe(0);
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
    const audit = await queryRows<{ details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select details from audit_log where action = 'payout_bank_file_reversal'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      batchId: firstBatch,
      reason,
      payouts: [{ payoutId: people.bola.payoutId, from: 'paid', to: 'failed', amountKobo: 5_000_000 }],
    });
  });

  it('marks a payment recorded as refused paid after all, never one that was paid again since', async () => {
    const reason = 'The bank paid it after all: credited on 4 March';
    // Dayo's refused payment was retried and paid in the second file: marking the first paid would pay him twice.
    const twice = await post(
      `/api/admin/payouts/batches/${firstBatch}/reversal`,
      { payoutIds: [people.dayo.payoutId], reason },
      maker,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/was retried or released after this record/);

    const asked = await post(
      `/api/admin/payouts/batches/${firstBatch}/reversal`,
      { payoutIds: [people.emeka.payoutId], reason },
      maker,
    );
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().approval.summary).toContain(
      'Emeka Nwa: recorded not paid, the bank paid (₦20,000 taken from the wallet as paid)',
    );
    const approved = await approve(asked.json().approval.id, checker);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await walletBalanceKobo(ctx.app.db, people.emeka.id)).toBe(0);
    const run = await runDetail();
    expect(run.payouts.find((p: { id: number }) => p.id === people.emeka.payoutId)).toMatchObject({
      status: 'success',
      failureReason: null,
      attention: null,
    });
    expect(run.paid).toBe('190000.00');
    expect(await balanceOf('provider_settlement:main')).toBe(19_000_000);
    expect(await journalSum()).toBe(0);
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
    expect(JSON.stringify(run)).not.toMatch(/paystack/i);
  });
});
