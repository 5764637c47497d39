import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fundWallet, saveBankDetails } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { parseCsv } from './csv-kit';
import { describeEachDatabase } from './databases';
import { useListeningApp } from './payments-kit';

const LAGOS_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/;

/** A run where one transfer is refused, the member corrects the bank details and the retry pays: two transfers, two rows. */
describeEachDatabase('every transfer attempt of a payout, kept and shown', (database) => {
  const ctx = useListeningApp(database);
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
  });
  const settled = async () => {
    await ctx.app.paymentWork.settled();
    await ctx.app.paystackSandbox!.idle();
    await ctx.app.paymentWork.settled();
  };
  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('lists the failed transfer and its retry on the run page, in the run CSV and on the member record', async () => {
    const refused = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Refused Then Paid' });
    const paid = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Paid First Time' });
    // The sandbox's bank refuses transfers to account numbers ending in 9.
    await saveBankDetails(ctx.app.db, refused.id, { accountNumber: '3100000019' });
    await saveBankDetails(ctx.app.db, paid.id, { accountNumber: '3100000021' });
    await fundWallet(ctx.app.db, 'main', refused.id, 3_000_000);
    await fundWallet(ctx.app.db, 'main', paid.id, 1_500_000);
    const run = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: admin,
      payload: { programme: 'main', period: '2021-03' },
    });
    expect(run.statusCode, run.body).toBe(201);
    const runId = run.json().run.id as number;
    await settled();
    await ctx.app.db.execute(
      sql`update bank_details set account_number = '3100000011', account_number_last4 = '0011', recipient_code = null, updated_at = now() + interval '1 second' where account_id = ${refused.id}`,
    );
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/runs/${runId}/retry`,
      headers: admin,
    });
    expect(retry.statusCode, retry.body).toBe(202);
    await settled();

    const detail = (await get(`/api/admin/payouts/runs/${runId}`)).json();
    expect(detail.status).toBe('completed');
    const retried = detail.payouts.find((p: { accountId: string }) => p.accountId === refused.id);
    expect(retried).toMatchObject({
      attempt: 2,
      status: 'success',
      accountNumberLast4: '0011',
      amount: '30000.00',
    });
    expect(retried.earlierAttempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: 'failed',
        accountNumberLast4: '0019',
        amount: '30000.00',
        failureReason: expect.any(String),
      }),
    ]);
    expect(retried.earlierAttempts[0].reference).not.toBe(retried.reference);
    expect(
      detail.payouts.find((p: { accountId: string }) => p.accountId === paid.id).earlierAttempts,
    ).toEqual([]);

    // The CSV: a row per transfer the provider was asked to make, each with its reference, outcome and Lagos time.
    const csv = parseCsv((await get(`/api/admin/exports/payout-runs/${runId}`)).body);
    expect(csv).toHaveLength(3);
    const rowsOf = (email: string) =>
      csv
        .filter((r) => r.Email === email)
        .map((r) => [r.Attempt, r.Reference, r['Bank account'], r.Status, r['Amount (NGN)']]);
    expect(rowsOf(refused.email)).toEqual([
      ['1', retried.earlierAttempts[0].reference, '****0019', 'failed', '30000.00'],
      ['2', retried.reference, '****0011', 'success', '30000.00'],
    ]);
    expect(rowsOf(paid.email)).toEqual([['1', expect.any(String), '****0021', 'success', '15000.00']]);
    expect(csv.find((r) => r.Status === 'failed')!['Failure reason']).not.toBe('');
    for (const row of csv) expect(row.Time).toMatch(LAGOS_TIME);

    // The member record lists both attempts, the latest first.
    const record = (await get(`/api/admin/members/${refused.id}`)).json();
    expect(
      record.payouts.map(
        (p: { attempt: number; status: string; accountNumberLast4: string; period: string }) => [
          p.attempt,
          p.status,
          p.accountNumberLast4,
          p.period,
        ],
      ),
    ).toEqual([
      [2, 'success', '0011', '2021-03'],
      [1, 'failed', '0019', '2021-03'],
    ]);
  });
});
