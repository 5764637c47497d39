import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { accounts } from '../src/db/schema';
import { closeDueAccounts } from '../src/modules/closure/closure-service';
import { currentPeriod } from '../src/modules/payouts/period';
import { saveBankDetails } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { outboxOf, payingMember } from './notifications-kit';
import { pressCheckout, startPayment, useListeningApp } from './payments-kit';

const person = {
  fullName: 'Chinwendu Erasmus-Okafor',
  email: 'chinwendu.erasmus@example.com',
  phone: '08061234567',
  address: '14 Ogbunike Crescent, Awka',
  accountNumber: '0234567891',
};

describeEachDatabase('erasure that keeps the books', (database) => {
  const ctx = useListeningApp(database);

  /** Every text and JSON column of every table holding any of the member's values (the sandbox is Paystack's side). */
  async function mentions(values: string[]) {
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      ctx.app.db,
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
            and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
            and c.table_name not like 'sandbox\\_%' and c.table_name <> '__drizzle_migrations'`,
    );
    expect(columns.length).toBeGreaterThan(60);
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const value of values) {
        const [hit] = await queryRows<{ n: number }>(
          ctx.app.db,
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${value}%`}`,
        );
        if (hit!.n > 0) found.push(`${table_name}.${column_name} holds ${value}`);
      }
    }
    return found;
  }

  const books = async () => ({
    unbalanced: await queryRows(
      ctx.app.db,
      sql`select entry_id from journal_lines group by entry_id having sum(amount_kobo) <> 0`,
    ),
    balances: await queryRows(
      ctx.app.db,
      sql`select key, balance_kobo::text from ledger_accounts order by key`,
    ),
    lines: await queryRows(
      ctx.app.db,
      sql`select entry_id::text, ledger_account_id::text, amount_kobo::text from journal_lines order by id`,
    ),
    payments: await queryRows(
      ctx.app.db,
      sql`select reference, amount_kobo::text, status, created_at from payments order by reference`,
    ),
    payouts: await queryRows(
      ctx.app.db,
      sql`select reference, amount_kobo::text, status, created_at from payouts order by reference`,
    ),
  });

  it('replaces every personal field of a closed member with a payment, bonuses, a payout and mails, and keeps the books', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada Admin' });
    const adminHeaders = await signInAs(ctx.app, admin.id);
    const sponsor = await payingMember(ctx, { fullName: 'Sponsor Person' });

    // The member signs up under the sponsor and pays by card through the sandbox checkout.
    const member = await createTestAccount(ctx.app, {
      fullName: person.fullName,
      email: person.email,
      sponsorAccountId: sponsor.account.id,
    });
    await ctx.app.db
      .update(accounts)
      .set({ phone: person.phone, address: person.address })
      .where(eq(accounts.id, member.id));
    await ctx.app.db.execute(
      sql`insert into signup_origins (account_id, ip, user_agent) values (${member.id}, '203.0.113.7', 'Mozilla/5.0 Erasmus')`,
    );
    const headers = await signInAs(ctx.app, member.id);
    const { checkoutUrl } = await startPayment(ctx, headers);
    await pressCheckout(checkoutUrl, 'success');
    await ctx.app.paymentWork.settled();

    // Two referrals earn the member referral bonuses; the monthly payout pays the wallet to the member's bank.
    await payingMember(ctx, { fullName: 'First Referral', sponsorAccountId: member.id });
    await payingMember(ctx, { fullName: 'Second Referral', sponsorAccountId: member.id });
    await saveBankDetails(ctx.app.db, member.id, { accountNumber: person.accountNumber });
    const admin2 = (url: string, payload?: Record<string, unknown>) =>
      ctx.app.inject({
        method: payload ? 'POST' : 'GET',
        url,
        headers: adminHeaders,
        ...(payload ? { payload } : {}),
      });
    const run = await admin2('/api/admin/payouts/run', {
      programme: 'main',
      period: currentPeriod(new Date()),
      mode: 'csv',
    });
    expect(run.statusCode).toBe(201);
    const batch = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/runs/${run.json().run.id}/bank-file`,
      headers: adminHeaders,
    });
    expect(batch.statusCode, batch.body).toBe(201);
    expect(
      (await admin2(`/api/admin/payouts/batches/${batch.json().id}/record`, { failed: [] })).statusCode,
    ).toBe(200);
    const [paid] = await queryRows<{ status: string; amount_kobo: string }>(
      ctx.app.db,
      sql`select status, amount_kobo from payouts where account_id = ${member.id}`,
    );
    expect(paid).toMatchObject({ status: 'success' });
    expect((await outboxOf(ctx.app, person.email)).length).toBeGreaterThan(2);

    // The member asks for erasure and closes the account.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/me/erasure', headers })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/me/close', headers });
    const link = (await outboxOf(ctx.app, person.email))
      .flatMap((m) => m.links)
      .find((l) => l.includes('/confirmclosure?token='))!;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-closure',
      payload: { token: new URL(link).searchParams.get('token') },
    });
    expect(await closeDueAccounts(ctx.app.db, new Date(Date.now() + 30 * 86400_000))).toBeGreaterThanOrEqual(
      1,
    );

    const values = Object.values(person);
    expect((await mentions(values)).length).toBeGreaterThan(10);
    const before = await books();
    // The liabilities view as figures; computedAt is the time of the call.
    const liabilities = async () => ({
      ...(await admin2('/api/admin/liabilities?programme=main')).json(),
      computedAt: null,
    });
    const liabilitiesBefore = await liabilities();

    // A legal hold defers it, with the reason shown to the operator.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/privacy/legal-hold/${member.id}`,
      headers: adminHeaders,
      payload: { reason: 'Police request 44/2026' },
    });
    const listed = (await admin2('/api/admin/privacy/erasures'))
      .json()
      .items.find((i: { accountId: string }) => i.accountId === member.id);
    expect(listed).toMatchObject({
      status: 'deferred',
      dueBecause: 'member_asked',
      blockers: ['Legal hold: Police request 44/2026'],
    });
    const held = await admin2(`/api/admin/privacy/erasures/${member.id}`, {});
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe('Erasure is deferred. Legal hold: Police request 44/2026');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/privacy/legal-hold/${member.id}`,
      headers: adminHeaders,
      payload: { reason: null },
    });

    const erased = await admin2(`/api/admin/privacy/erasures/${member.id}`, {});
    expect(erased.statusCode).toBe(200);

    expect(await mentions(values)).toEqual([]);
    const after = await books();
    expect(after.unbalanced).toEqual([]);
    expect(after).toEqual(before);
    expect(await liabilities()).toEqual(liabilitiesBefore);

    // The sponsor's matrix keeps the place, without a name; the memo of the sponsor's bonus no longer names the member.
    const matrix = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/matrix?programme=main', headers: sponsor.headers })
    ).json();
    expect(JSON.stringify(matrix)).toContain('Former member');
    const [row] = await queryRows<{ full_name: string; phone: string; erased_at: Date | null }>(
      ctx.app.db,
      sql`select full_name, phone, erased_at from accounts where id = ${member.id}`,
    );
    expect(row).toMatchObject({ full_name: 'Former member', phone: '' });
    expect(row!.erased_at).not.toBeNull();
    const again = await admin2(`/api/admin/privacy/erasures/${member.id}`, {});
    expect(again.statusCode).toBe(409);
  });

  it('defers erasure while money is owed, and refuses it before closure or before it is due', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Bola Admin' });
    const adminHeaders = await signInAs(ctx.app, admin.id);
    const sponsor = await payingMember(ctx, { fullName: 'Owed Sponsor' });
    await payingMember(ctx, { fullName: 'Owed Referral', sponsorAccountId: sponsor.account.id });
    const erase = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/privacy/erasures/${sponsor.account.id}`,
        headers: adminHeaders,
        payload: {},
      });

    const open = await erase();
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(
      'This account is not closed: personal data is erased only after closure.',
    );

    await ctx.app.db
      .update(accounts)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(accounts.id, sponsor.account.id));
    const notDue = await erase();
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json().message).toMatch(
      /^Erasure is not due: the member has not asked for it, and the retention period ends on \d{4}-\d{2}-\d{2}\.$/,
    );

    // Six years after closure it is due without an ask, but the unpaid referral bonus defers it.
    await ctx.app.db
      .update(accounts)
      .set({ closedAt: new Date(Date.now() - (6 * 366 + 1) * 86400_000) })
      .where(eq(accounts.id, sponsor.account.id));
    const owed = await erase();
    expect(owed.statusCode).toBe(409);
    expect(owed.json().message).toMatch(
      /^Erasure is deferred\. Unpaid balance: ₦[\d,]+(\.\d\d)? is still in the wallet\. Pay it out first\.$/,
    );
    const [still] = await queryRows<{ full_name: string }>(
      ctx.app.db,
      sql`select full_name from accounts where id = ${sponsor.account.id}`,
    );
    expect(still!.full_name).toBe('Owed Sponsor');
  });
});
