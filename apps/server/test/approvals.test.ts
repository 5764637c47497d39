import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { ledgerDiscrepancies, walletBalanceKobo } from '../src/modules/ledger/queries';
import { fundWallet } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';

const THRESHOLD_KOBO = 10_000_000;

describeEachDatabase('two-person approval of cash-outs, payouts, grants and administrators', (database) => {
  const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
  let maker: { id: string; headers: Record<string, string> };
  let checker: { id: string; headers: Record<string, string> };
  let third: { id: string; headers: Record<string, string> };

  const admin = async (fullName: string) => {
    const account = await createTestAccount(ctx.app, { role: 'admin', fullName });
    return { id: account.id, email: account.email, headers: await signInAs(ctx.app, account.id) };
  };

  beforeAll(async () => {
    maker = await admin('Maker Admin');
    checker = await admin('Checker Admin');
    third = await admin('Third Admin');
  });

  const memberWith = async (walletKobo: number) => {
    const account = await createTestAccount(ctx.app, { fullName: 'Chika Member' });
    await fundWallet(ctx.app.db, 'main', account.id, walletKobo);
    return account;
  };

  const askCashOut = (email: string, naira: string, key = randomUUID(), headers = maker.headers) =>
    ctx.app.inject({ method: 'PUT', url: '/api/admin/payOutCash', headers: { ...headers, 'idempotency-key': key }, payload: { email, amount: naira } });
  const approve = (id: number, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: `/api/admin/approvals/${id}/approve`, headers });
  const decline = (id: number, headers: Record<string, string>, reason = 'The member asked us to wait') =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/approvals/${id}/decline`, headers, payload: { reason } });
  const cashOutsOf = async (accountId: string) =>
    (await queryRows<{ n: string }>(ctx.app.db, sql`select count(*) as n from cash_outs where account_id = ${accountId}`))[0]!.n.toString();

  it('a cash-out at the threshold is recorded at once; above it, it waits and nothing moves until a second administrator approves', async () => {
    const member = await memberWith(30_000_000);
    const atThreshold = await askCashOut(member.email, '100000');
    expect(atThreshold.statusCode, atThreshold.body).toBe(200);
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(30_000_000 - THRESHOLD_KOBO);

    const asked = await askCashOut(member.email, '100000.01');
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval, message } = asked.json();
    expect(message).toMatch(/waiting for a second administrator/);
    expect(approval).toMatchObject({ kind: 'cash_out', status: 'pending', amount: '100000.01', maker: { id: maker.id }, target: { id: member.id, fullName: 'Chika Member', programme: 'main' } });
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(20_000_000);

    const own = await approve(approval.id, maker.headers);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You asked for this yourself: a second administrator must approve it.');
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(20_000_000);

    const approved = await approve(approval.id, checker.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', checker: { id: checker.id } });
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(20_000_000 - 10_000_001);
    const [row] = await queryRows<{ created_by: string; amount_kobo: string }>(ctx.app.db, sql`select created_by, amount_kobo from cash_outs where account_id = ${member.id} order by id desc limit 1`);
    expect({ createdBy: row!.created_by, amountKobo: Number(row!.amount_kobo) }).toEqual({ createdBy: maker.id, amountKobo: 10_000_001 });

    const audit = await queryRows<{ action: string; actor_account_id: string }>(
      ctx.app.db,
      sql`select action, actor_account_id from audit_log where target_account_id = ${member.id} and action like 'approval_%' order by id`,
    );
    expect(audit).toEqual([
      { action: 'approval_requested', actor_account_id: maker.id },
      { action: 'approval_approved', actor_account_id: checker.id },
    ]);
  });

  it('the same submission twice asks once; a declined request moves nothing and cannot be approved after', async () => {
    const member = await memberWith(50_000_000);
    const key = randomUUID();
    const first = await askCashOut(member.email, '200000', key);
    const again = await askCashOut(member.email, '200000', key);
    expect(again.json().approval.id).toBe(first.json().approval.id);
    const id = first.json().approval.id as number;

    const tooShort = await decline(id, checker.headers, 'no');
    expect(tooShort.statusCode).toBe(400);
    const declined = await decline(id, checker.headers);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'The member asked us to wait', checker: { id: checker.id } });
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(50_000_000);
    const late = await approve(id, third.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`Request #${id} was already declined by Checker Admin.`);
    expect(await cashOutsOf(member.id)).toBe('0');
    const [audit] = await queryRows<{ details: { reason: string } }>(ctx.app.db, sql`select details from audit_log where action = 'approval_declined' and target_account_id = ${member.id}`);
    expect(audit!.details.reason).toBe('The member asked us to wait');
  });

  it('a double-clicked approve, and two checkers approving at once, debit once: one wins, the others are told', async () => {
    const member = await memberWith(60_000_000);
    const id = (await askCashOut(member.email, '150000')).json().approval.id as number;
    const answers = await Promise.all([approve(id, checker.headers), approve(id, checker.headers), approve(id, third.headers), approve(id, third.headers)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(45_000_000);
    expect(await cashOutsOf(member.id)).toBe('1');
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });

  it('an approval the wallet can no longer cover fails with the reason and moves nothing', async () => {
    const member = await memberWith(25_000_000);
    const id = (await askCashOut(member.email, '200000')).json().approval.id as number;
    expect((await askCashOut(member.email, '100000')).statusCode).toBe(200);
    const answer = await approve(id, checker.headers);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toMatch(/^Request #\d+ could not be carried out: The amount is more than Chika Member's wallet balance/);
    const [row] = await queryRows<{ status: string; failure_reason: string }>(ctx.app.db, sql`select status, failure_reason from approval_requests where id = ${id}`);
    expect(row!.status).toBe('failed');
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(15_000_000);
  });

  it('a payout run and a grant approval wait for a second administrator too', async () => {
    const run = await ctx.app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: maker.headers, payload: { programme: 'welcomeback', period: '2026-01' } });
    expect(run.statusCode, run.body).toBe(202);
    expect(await queryRows(ctx.app.db, sql`select id from payout_runs where programme = 'welcomeback' and period = '2026-01'`)).toHaveLength(0);
    const approved = await approve(run.json().approval.id, checker.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await queryRows(ctx.app.db, sql`select id from payout_runs where programme = 'welcomeback' and period = '2026-01'`)).toHaveLength(1);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: maker.headers, payload: { programme: 'welcomeback', period: '2026-01' } });
    expect(again.statusCode).toBe(409);

    const member = await createTestAccount(ctx.app);
    const [grant] = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`insert into grant_applications (account_id, amount_kobo, purpose) values (${member.id}, 100000000, 'A bakery') returning id`,
    );
    const asked = await ctx.app.inject({ method: 'PUT', url: `/api/admin/grants/${grant!.id}`, headers: maker.headers, payload: { decision: 'approved' } });
    expect(asked.statusCode, asked.body).toBe(202);
    const [pending] = await queryRows<{ status: string }>(ctx.app.db, sql`select status from grant_applications where id = ${grant!.id}`);
    expect(pending!.status).toBe('pending');
    expect((await approve(asked.json().approval.id, checker.headers)).statusCode).toBe(200);
    const [decided] = await queryRows<{ status: string; decided_by: string }>(ctx.app.db, sql`select status, decided_by from grant_applications where id = ${grant!.id}`);
    expect(decided).toEqual({ status: 'approved', decided_by: maker.id });
  });

  it('lists pending requests first with who asked, what and for whom', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals?status=pending', headers: checker.headers });
    expect(list.statusCode, list.body).toBe(200);
    for (const item of list.json().items) expect(item.status).toBe('pending');
    const settings = await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals/settings', headers: checker.headers });
    expect(settings.json()).toEqual({ singleAdmin: false, cashOutThreshold: '100000.00', twoFactor: 'optional' });
  });
});

describeEachDatabase('making and removing administrators through a second administrator', (database) => {
  const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
  const approve = (id: number, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: `/api/admin/approvals/${id}/approve`, headers });
  const removeRole = (email: string, headers: Record<string, string>) => ctx.app.inject({ method: 'DELETE', url: `/api/admin/adminRoles/${encodeURIComponent(email)}`, headers });
  const roleOf = async (id: string) => (await queryRows<{ role: string }>(ctx.app.db, sql`select role from accounts where id = ${id}`))[0]!.role;

  it('refuses your own role and the last administrator; a removal approved by another ends the removed person’s sessions', async () => {
    const first = await createTestAccount(ctx.app, { role: 'admin', fullName: 'First Admin' });
    const firstHeaders = await signInAs(ctx.app, first.id);
    const own = await removeRole(first.email, firstHeaders);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot remove your own administrator role: ask another administrator.');

    const person = await createTestAccount(ctx.app, { fullName: 'New Admin' });
    const asked = await ctx.app.inject({ method: 'PUT', url: `/api/admin/adminRoles/${encodeURIComponent(person.email)}`, headers: firstHeaders });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(await roleOf(person.id)).toBe('user');
    // With one administrator nobody can approve: the operator's admin:create is how a second one is made.
    const second = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Second Admin' });
    const secondHeaders = await signInAs(ctx.app, second.id);
    expect((await approve(asked.json().approval.id, secondHeaders)).statusCode).toBe(200);
    expect(await roleOf(person.id)).toBe('admin');

    const personHeaders = await signInAs(ctx.app, person.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals', headers: personHeaders })).statusCode).toBe(200);
    const removal = await removeRole(person.email, firstHeaders);
    expect(removal.statusCode, removal.body).toBe(202);
    const selfApproval = await approve(removal.json().approval.id, personHeaders);
    expect(selfApproval.statusCode).toBe(403);
    expect(selfApproval.json().message).toBe('You cannot approve the removal of your own administrator role.');
    expect((await approve(removal.json().approval.id, secondHeaders)).statusCode).toBe(200);
    expect(await roleOf(person.id)).toBe('user');
    const after = await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals', headers: personHeaders });
    expect(after.statusCode).toBe(401);
    const live = await queryRows(ctx.app.db, sql`select id from sessions where account_id = ${person.id} and revoked_at is null`);
    expect(live).toHaveLength(0);
    const [audit] = await queryRows<{ actor_account_id: string; details: { approvedBy: string } }>(
      ctx.app.db,
      sql`select actor_account_id, details from audit_log where action = 'remove_admin' and target_account_id = ${person.id}`,
    );
    expect(audit).toEqual({ actor_account_id: first.id, details: { email: person.email, approvedBy: second.id } });

    // Two administrators left: removing one of them would be allowed, but never the last.
    const lastTwo = await removeRole(second.email, firstHeaders);
    expect(lastTwo.statusCode).toBe(202);
    const racing = await removeRole(first.email, secondHeaders);
    expect(racing.statusCode).toBe(202);
    expect((await approve(lastTwo.json().approval.id, personHeaders)).statusCode).toBe(401);
    // The first removal approved leaves one administrator; the second is refused at approval and marked failed.
    const third = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Third Admin' });
    const thirdHeaders = await signInAs(ctx.app, third.id);
    expect((await approve(lastTwo.json().approval.id, thirdHeaders)).statusCode).toBe(200);
    const removeThird = await removeRole(third.email, firstHeaders);
    expect((await approve(removeThird.json().approval.id, thirdHeaders)).statusCode).toBe(403);
    const lastOne = await approve(racing.json().approval.id, thirdHeaders);
    expect(lastOne.statusCode, lastOne.body).toBe(200);
    expect(await roleOf(first.id)).toBe('user');
    const onlyThird = await removeRole(third.email, thirdHeaders);
    expect(onlyThird.statusCode).toBe(409);
  });
});
