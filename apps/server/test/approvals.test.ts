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
    const account = await createTestAccount(ctx.app, { role: 'admin', fullName, secondFactor: true });
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
    ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/payOutCash',
      headers: { ...headers, 'idempotency-key': key },
      payload: { email, amount: naira },
    });
  const approve = (id: number, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/approvals/${id}/approve`, headers });
  const decline = (id: number, headers: Record<string, string>, reason = 'The member asked us to wait') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${id}/decline`,
      headers,
      payload: { reason },
    });
  const cashOutsOf = async (accountId: string) =>
    (
      await queryRows<{ n: string }>(
        ctx.app.db,
        sql`select count(*) as n from cash_outs where account_id = ${accountId}`,
      )
    )[0]!.n.toString();

  it('a cash-out at the threshold is recorded at once; above it, it is asked first: set aside from the wallet at once, handed over only when a second administrator approves', async () => {
    const member = await memberWith(30_000_000);
    const atThreshold = await askCashOut(member.email, '100000');
    expect(atThreshold.statusCode, atThreshold.body).toBe(200);
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(30_000_000 - THRESHOLD_KOBO);

    const asked = await askCashOut(member.email, '100000.01');
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval, message } = asked.json();
    expect(message).toMatch(/waiting for a second administrator/);
    expect(approval).toMatchObject({
      kind: 'cash_out',
      status: 'pending',
      amount: '100000.01',
      held: '100000.01',
      maker: { id: maker.id },
      target: { id: member.id, fullName: 'Chika Member', programme: 'main' },
    });
    // The amount is set aside with the request (decision 0040): the wallet shows what is left, and no cash-out is recorded yet.
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(20_000_000 - 10_000_001);
    expect(await cashOutsOf(member.id)).toBe('1');

    const own = await approve(approval.id, maker.headers);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You asked for this yourself: a second administrator must approve it.');
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(20_000_000 - 10_000_001);
    expect(await cashOutsOf(member.id)).toBe('1');

    const approved = await approve(approval.id, checker.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', checker: { id: checker.id } });
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(20_000_000 - 10_000_001);
    const [row] = await queryRows<{ created_by: string; amount_kobo: string }>(
      ctx.app.db,
      sql`select created_by, amount_kobo from cash_outs where account_id = ${member.id} order by id desc limit 1`,
    );
    expect({ createdBy: row!.created_by, amountKobo: Number(row!.amount_kobo) }).toEqual({
      createdBy: maker.id,
      amountKobo: 10_000_001,
    });

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
    // Set aside once, though asked twice.
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(30_000_000);

    const tooShort = await decline(id, checker.headers, 'no');
    expect(tooShort.statusCode).toBe(400);
    const declined = await decline(id, checker.headers);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'declined',
      declineReason: 'The member asked us to wait',
      checker: { id: checker.id },
    });
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(50_000_000);
    const late = await approve(id, third.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`Request #${id} was already declined by Checker Admin.`);
    expect(await cashOutsOf(member.id)).toBe('0');
    const [audit] = await queryRows<{ details: { reason: string } }>(
      ctx.app.db,
      sql`select details from audit_log where action = 'approval_declined' and target_account_id = ${member.id}`,
    );
    expect(audit!.details.reason).toBe('The member asked us to wait');
  });

  it('a double-clicked approve, and two checkers approving at once, debit once: one wins, the others are told', async () => {
    const member = await memberWith(60_000_000);
    const id = (await askCashOut(member.email, '150000')).json().approval.id as number;
    const answers = await Promise.all([
      approve(id, checker.headers),
      approve(id, checker.headers),
      approve(id, third.headers),
      approve(id, third.headers),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(45_000_000);
    expect(await cashOutsOf(member.id)).toBe('1');
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });

  it('money a waiting cash-out set aside cannot be cashed out again; an approval that can no longer be carried out fails with the reason and gives it back', async () => {
    const member = await memberWith(25_000_000);
    const id = (await askCashOut(member.email, '200000')).json().approval.id as number;
    const second = await askCashOut(member.email, '100000');
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe("The amount is more than Chika Member's wallet balance of ₦50,000");
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(5_000_000);
    // Between the request and the approval the member's payouts become held.
    await ctx.app.db.execute(
      sql`insert into fraud_flags (account_id, rule, detail, holds_payouts, dedupe_key) values (${member.id}, 'shared_bank_account', 'test', true, ${`test:${member.id}`})`,
    );
    const answer = await approve(id, checker.headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(
      /^Request #\d+ could not be carried out: Chika Member's payouts are held .* It is marked failed; nothing was done, and anything it set aside is back where it was\.$/,
    );
    const [row] = await queryRows<{ status: string; failure_reason: string }>(
      ctx.app.db,
      sql`select status, failure_reason from approval_requests where id = ${id}`,
    );
    expect(row!.status).toBe('failed');
    expect(await walletBalanceKobo(ctx.app.db, member.id)).toBe(25_000_000);
    expect(await cashOutsOf(member.id)).toBe('0');
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });

  it('a payout run and a grant approval wait for a second administrator too', async () => {
    const run = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: maker.headers,
      payload: { programme: 'welcomeback', period: '2026-01' },
    });
    expect(run.statusCode, run.body).toBe(202);
    expect(
      await queryRows(
        ctx.app.db,
        sql`select id from payout_runs where programme = 'welcomeback' and period = '2026-01'`,
      ),
    ).toHaveLength(0);
    const approved = await approve(run.json().approval.id, checker.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(
      await queryRows(
        ctx.app.db,
        sql`select id from payout_runs where programme = 'welcomeback' and period = '2026-01'`,
      ),
    ).toHaveLength(1);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: maker.headers,
      payload: { programme: 'welcomeback', period: '2026-01' },
    });
    expect(again.statusCode).toBe(409);

    const member = await createTestAccount(ctx.app);
    const [grant] = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`insert into grant_applications (account_id, amount_kobo, purpose) values (${member.id}, 100000000, 'A bakery') returning id`,
    );
    const asked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/grants/${grant!.id}`,
      headers: maker.headers,
      payload: { decision: 'approved' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const [pending] = await queryRows<{ status: string }>(
      ctx.app.db,
      sql`select status from grant_applications where id = ${grant!.id}`,
    );
    expect(pending!.status).toBe('pending');
    expect((await approve(asked.json().approval.id, checker.headers)).statusCode).toBe(200);
    const [decided] = await queryRows<{ status: string; decided_by: string }>(
      ctx.app.db,
      sql`select status, decided_by from grant_applications where id = ${grant!.id}`,
    );
    expect(decided).toEqual({ status: 'approved', decided_by: maker.id });
  });

  it('lists pending requests first with who asked, what and for whom', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/approvals?status=pending',
      headers: checker.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    for (const item of list.json().items) expect(item.status).toBe('pending');
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/approvals/settings',
      headers: checker.headers,
    });
    expect(settings.json()).toEqual({
      singleAdmin: false,
      cashOutThreshold: '100000.00',
      twoFactor: 'optional',
    });
  });
});

describeEachDatabase(
  'removing administrators through a second administrator, never the target, never the last',
  (database) => {
    const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
    const approve = (id: number, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/approvals/${id}/approve`, headers });
    const removeRole = (email: string, headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/adminRoles/${encodeURIComponent(email)}`,
        headers,
      });
    const statusOf = async (id: string) =>
      (
        await queryRows<{ role: string; status: string }>(
          ctx.app.db,
          sql`select role, status from accounts where id = ${id}`,
        )
      )[0]!;
    const admin = async (fullName: string) => {
      const account = await createTestAccount(ctx.app, { role: 'admin', fullName, secondFactor: true });
      return { ...account, headers: await signInAs(ctx.app, account.id) };
    };

    it('refuses your own role; a removal approved by another ends the removed person’s sessions; their own waiting requests are withdrawn', async () => {
      const first = await admin('First Admin');
      const own = await removeRole(first.email, first.headers);
      expect(own.statusCode).toBe(409);
      expect(own.json().message).toBe(
        'You cannot remove your own administrator role: ask another administrator.',
      );

      // A member account is never made administrator (decision 0038): the administrators here are made by the operator.
      const second = await admin('Second Admin');
      const person = await admin('New Admin');
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals', headers: person.headers }))
          .statusCode,
      ).toBe(200);
      const removal = await removeRole(person.email, first.headers);
      expect(removal.statusCode, removal.body).toBe(202);
      const selfApproval = await approve(removal.json().approval.id, person.headers);
      expect(selfApproval.statusCode).toBe(403);
      expect(selfApproval.json().message).toBe(
        'This request concerns your own administrator account: an administrator other than you and its maker decides it. You may object.',
      );
      expect((await approve(removal.json().approval.id, second.headers)).statusCode).toBe(200);
      // The removed person's account is closed, not turned into a member.
      expect(await statusOf(person.id)).toEqual({ role: 'admin', status: 'closed' });
      const after = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/approvals',
        headers: person.headers,
      });
      expect(after.statusCode).toBe(401);
      const live = await queryRows(
        ctx.app.db,
        sql`select id from sessions where account_id = ${person.id} and revoked_at is null`,
      );
      expect(live).toHaveLength(0);
      const [audit] = await queryRows<{ actor_account_id: string; details: Record<string, unknown> }>(
        ctx.app.db,
        sql`select actor_account_id, details from audit_log where action = 'remove_admin' and target_account_id = ${person.id}`,
      );
      expect(audit).toEqual({
        actor_account_id: first.id,
        details: {
          email: person.email,
          approvedBy: second.id,
          way: 'approved',
          reason: null,
          withdrawnRequests: [],
        },
      });

      // Two administrators ask to remove each other; a third approves one: the removed one's own request is withdrawn.
      const lastTwo = await removeRole(second.email, first.headers);
      expect(lastTwo.statusCode).toBe(202);
      const racing = await removeRole(first.email, second.headers);
      expect(racing.statusCode).toBe(202);
      expect((await approve(lastTwo.json().approval.id, person.headers)).statusCode).toBe(401);
      const third = await admin('Third Admin');
      expect((await approve(lastTwo.json().approval.id, third.headers)).statusCode).toBe(200);
      expect(await statusOf(second.id)).toEqual({ role: 'admin', status: 'closed' });
      const withdrawn = await approve(racing.json().approval.id, third.headers);
      expect(withdrawn.statusCode).toBe(409);
      expect(withdrawn.json().message).toBe(`Request #${racing.json().approval.id} was already declined.`);
      expect(await statusOf(first.id)).toEqual({ role: 'admin', status: 'active' });
      const removeThird = await removeRole(third.email, first.headers);
      expect((await approve(removeThird.json().approval.id, third.headers)).statusCode).toBe(403);
      const onlyThird = await removeRole(third.email, third.headers);
      expect(onlyThird.statusCode).toBe(409);
    });

    it('two removals of each other that both reach the end of their notice remove one administrator, never both', async () => {
      await ctx.app.db.execute(sql`update accounts set status = 'closed' where role = 'admin'`);
      await ctx.app.db.execute(
        sql`update approval_requests set status = 'declined', decided_at = now() where status = 'pending'`,
      );
      const a = await admin('Admin Anu');
      const b = await admin('Admin Bola');
      const ab = await removeRole(b.email, a.headers);
      const ba = await removeRole(a.email, b.headers);
      expect([ab.statusCode, ba.statusCode]).toEqual([202, 202]);
      const due = new Date(
        Math.max(Date.parse(ab.json().approval.takesEffectAt), Date.parse(ba.json().approval.takesEffectAt)) +
          60_000,
      );
      await ctx.app.jobs.runDue(due);
      const left = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`select id from accounts where role = 'admin' and status <> 'closed'`,
      );
      expect(left).toHaveLength(1);
      const requests = await queryRows<{ status: string; decline_reason: string | null }>(
        ctx.app.db,
        sql`select status, decline_reason from approval_requests where id in (${ab.json().approval.id}, ${ba.json().approval.id}) order by status`,
      );
      expect(requests).toEqual([
        { status: 'approved', decline_reason: null },
        { status: 'declined', decline_reason: 'Withdrawn: its maker is no longer an administrator.' },
      ]);
    });
  },
);
