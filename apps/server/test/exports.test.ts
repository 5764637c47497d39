import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { activate } from './engine-test-kit';
import { fundWallet, saveBankDetails } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { parseCsv } from './csv-kit';
import { describeEachDatabase } from './databases';

const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

describeEachDatabase('CSV exports', (database) => {
  const ctx = useTestApp(database, { PAYMENT_PROVIDER: 'sandbox' });
  let admin: Record<string, string>;
  let adminId: string;

  beforeAll(async () => {
    const a = await createTestAccount(ctx.app, { role: 'admin' });
    adminId = a.id;
    admin = await signInAs(ctx.app, a.id);
  });

  const download = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return { rows: parseCsv(res.body), disposition: String(res.headers['content-disposition']) };
  };
  const audits = (action: string) =>
    queryRows<{ details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select details from audit_log where action = ${action} and actor_account_id = ${adminId}`,
    );

  it('exports the members of a programme with stage, wallet and masked bank, audited', async () => {
    const sponsor = await createTestAccount(ctx.app, { programme: 'welcomeback', fullName: '=cmd|calc' });
    await activate(ctx.app.db, 'welcomeback', sponsor.id);
    await fundWallet(ctx.app.db, 'welcomeback', sponsor.id, 123_456);
    await saveBankDetails(ctx.app.db, sponsor.id, { accountNumber: '0123456789' });
    const referral = await createTestAccount(ctx.app, {
      programme: 'welcomeback',
      sponsorAccountId: sponsor.id,
    });
    await ctx.app.db
      .execute(sql`insert into fraud_flags (account_id, rule, related_account_id, detail, dedupe_key) values
      (${sponsor.id}, 'sponsor_shares_phone', ${referral.id}, 'same phone', ${`t1-${sponsor.id}`}),
      (${sponsor.id}, 'shared_bank_account', null, 'same bank', ${`t2-${sponsor.id}`}),
      (${referral.id}, 'signup_burst', null, 'cleared one', ${`t3-${referral.id}`})`);
    await ctx.app.db.execute(
      sql`update fraud_flags set cleared_at = now(), cleared_by = ${adminId}, clear_note = 'checked' where account_id = ${referral.id}`,
    );
    const { rows, disposition } = await download('/api/admin/exports/members?programme=welcomeback');
    expect(disposition).toBe('attachment; filename="members-welcomeback.csv"');
    const s = rows.find((r) => r.Email === sponsor.email)!;
    expect(s).toMatchObject({
      'Full name': "'=cmd|calc",
      Paid: 'yes',
      Stage: 'Welcome',
      'Wallet (NGN)': '1234.56',
      'Bank account': '****6789',
      'Bank verified': 'yes',
      'Account status': 'active',
      'Open fraud flags': 'shared_bank_account; sponsor_shares_phone',
    });
    expect(rows.find((r) => r.Email === referral.email)).toMatchObject({
      'Sponsor email': sponsor.email,
      Paid: 'no',
      Stage: '',
      'Wallet (NGN)': '0.00',
      'Bank account': '',
      'Open fraud flags': '',
    });
    expect(JSON.stringify(rows)).not.toContain('0123456789');
    expect(rows.every((r) => r.Email !== undefined)).toBe(true);
    expect(await audits('export_members')).toEqual([{ details: { programme: 'welcomeback' } }]);
  });

  it('streams every journal line of a period across many pages, each once, debits equal to credits', async () => {
    // 2,600 lines: three keyset pages, the last one partial.
    await ctx.app.db.execute(sql`
      with e as (
        insert into journal_entries (kind, idempotency_key, programme, memo)
        select 'test', 'export-test-' || g, 'welcomeback', 'Generated entry ' || g from generate_series(1, 1300) g returning id)
      insert into journal_lines (entry_id, ledger_account_id, amount_kobo)
      select e.id, a.id, case when a.kind = 'fee_income' then 500 else -500 end
      from e cross join (select id, kind from ledger_accounts where key in ('fee_income:welcomeback', 'provider_settlement:welcomeback')) a`);
    const [{ n }] = (await queryRows<{ n: string }>(
      ctx.app.db,
      sql`select count(*) as n from journal_lines`,
    )) as [{ n: string }];
    expect(Number(n)).toBeGreaterThan(2600);
    const { rows } = await download(`/api/admin/exports/journal?from=${today()}&to=${today()}`);
    expect(rows).toHaveLength(Number(n));
    expect(new Set(rows.map((r) => r.Line)).size).toBe(rows.length);
    const total = (field: string) => rows.reduce((s, r) => s + Math.round(Number(r[field] || 0) * 100), 0);
    expect(total('Debit (NGN)')).toBe(total('Credit (NGN)'));
    expect(rows.find((r) => r.Memo === 'Generated entry 7')).toMatchObject({
      Programme: 'welcomeback',
      Kind: 'test',
    });
    // A wallet line names its member, not the internal key.
    expect(rows.find((r) => r['Ledger account'] === 'wallet')!['Member email']).toContain('@');

    const yesterday = new Date(Date.now() + 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    expect(
      (await download(`/api/admin/exports/journal?from=${yesterday}&to=${yesterday}`)).rows,
    ).toHaveLength(0);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/exports/journal?from=${today()}&to=${yesterday}`,
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The period must end on or after its first day');
    expect(await audits('export_journal')).toHaveLength(2);
  });

  it('exports the payments of a period and a payout run, audited, for administrators only', async () => {
    const payer = await createTestAccount(ctx.app, { programme: 'main' });
    await ctx.app.db
      .execute(sql`insert into payments (reference, account_id, programme, amount_kobo, status, provider)
      values ('exp-ref-1', ${payer.id}, 'main', 5000000, 'failed', 'sandbox'), ('exp-ref-2', ${payer.id}, 'main', 5000000, 'pending', 'sandbox')`);
    const { rows } = await download(
      `/api/admin/exports/payments?programme=main&from=${today()}&to=${today()}`,
    );
    // Both rows share the statement's time, so their order between themselves is the ids' (random): compare as a set.
    const mine = rows
      .filter((r) => r.Reference?.startsWith('exp-ref-'))
      .map((r) => [r.Reference, r.Status, r['Amount (NGN)']]);
    expect(mine.sort()).toEqual([
      ['exp-ref-1', 'failed', '50000.00'],
      ['exp-ref-2', 'pending', '50000.00'],
    ]);

    const payee = await createTestAccount(ctx.app, { programme: 'welcomeback', fullName: 'Payee' });
    await fundWallet(ctx.app.db, 'welcomeback', payee.id, 300_000);
    await saveBankDetails(ctx.app.db, payee.id, { accountNumber: '0222222221' });
    const run = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: admin,
      payload: { programme: 'welcomeback', period: '2025-06', mode: 'csv' },
    });
    const runId = run.json().run.id as number;
    const payouts = await download(`/api/admin/exports/payout-runs/${runId}`);
    expect(payouts.rows.find((r) => r.Email === payee.email)).toMatchObject({
      'Bank account': '****2221',
      'Amount (NGN)': '3000.00',
      Status: 'reserved',
    });
    expect(JSON.stringify(payouts.rows)).not.toContain('0222222221');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/exports/payout-runs/999999', headers: admin }))
        .statusCode,
    ).toBe(404);
    expect(await audits('export_payout_run')).toEqual([{ details: { runId } }]);
    expect(await audits('export_payments')).toHaveLength(1);

    const member = await signInAs(ctx.app, payer.id);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/exports/members?programme=main',
          headers: member,
        })
      ).statusCode,
    ).toBe(403);
  });
});
