import { sql } from 'drizzle-orm';
import { mainPlan, toNairaString } from '@coop/core';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { ledgerDiscrepancies } from '../src/modules/ledger/queries';
import { useTestApp } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { paidMember, paidReferrals } from './member-test-kit';

const grant = mainPlan.grant!;
/** Places needed under a position for stage k: levels 1..k full. */
const placesFor = (stage: number) => 2 ** (stage + 1) - 2;

describeEachDatabase('Executive grant', (database) => {
  const ctx = useTestApp(database);
  let executive: Awaited<ReturnType<typeof paidMember>>;
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    executive = await paidMember(ctx.app, 'main', { fullName: 'Eze Executive' });
    await paidReferrals(ctx.app, 'main', executive.account.id, placesFor(grant.stage));
    const admin = await createTestAccount(ctx.app, { programme: 'main', role: 'admin' });
    adminHeaders = await signInAs(ctx.app, admin.id);
  }, 120_000);

  const post = (headers: Record<string, string>, payload: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/me/grant', headers, payload });

  it('the member reaches Executive with every stage’s cash and awards up to Minister', async () => {
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: executive.headers })).json();
    expect(me).toMatchObject({
      stage: grant.stage,
      status: 'Executive',
      grantEligible: true,
      referralNode: placesFor(grant.stage),
    });
    const completed = mainPlan.stages.slice(0, grant.stage);
    const cashKobo =
      2 * mainPlan.referralBonusKobo +
      completed.reduce((sum, s) => sum + s.activitiesKobo + s.graduatingKobo, 0) -
      mainPlan.healthFee!.amountKobo;
    expect(me.wallet).toBe(toNairaString(cashKobo));
    expect(me.wallet).toBe('3520000.00');
    expect([me.laptop_award_or_equivalent, me.gift, me.car_award, me.suv_award]).toEqual([
      '200000.00',
      '600000.00',
      '6000000.00',
      '0.00',
    ]);
  });

  it('refuses more than the ceiling, accepts up to it, and keeps one pending at a time', async () => {
    const over = await post(executive.headers, {
      amount: '40,000,000.01',
      purpose: 'A poultry farm in Ogun',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('The grant is at most ₦40,000,000.');

    const ok = await post(executive.headers, { amount: '40,000,000', purpose: 'A poultry farm in Ogun' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      amount: toNairaString(grant.ceilingKobo),
      status: 'pending',
      purpose: 'A poultry farm in Ogun',
    });

    const again = await post(executive.headers, { amount: '1000', purpose: 'Another' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a grant application waiting for a decision.');

    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/grant', headers: executive.headers })
    ).json();
    expect(mine.ceiling).toBe('40000000.00');
    expect(mine.applications).toHaveLength(1);
  });

  it('refuses members below Executive, unpaid accounts and Welcome Back participants', async () => {
    const associate = await paidMember(ctx.app, 'main');
    await paidReferrals(ctx.app, 'main', associate.account.id, 2);
    const refused = await post(associate.headers, { amount: '5000', purpose: 'Shop' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('The grant opens to members at stage 5 (Executive) and above.');

    const unpaid = await createTestAccount(ctx.app, { programme: 'main' });
    expect(
      (await post(await signInAs(ctx.app, unpaid.id), { amount: '5000', purpose: 'Shop' })).statusCode,
    ).toBe(403);

    const participant = await paidMember(ctx.app, 'welcomeback');
    const wb = await post(participant.headers, { amount: '5000', purpose: 'Shop' });
    expect(wb.statusCode).toBe(403);
    expect(wb.json().message).toBe('The grant is offered on the Main platform only.');

    const invalid = await post(executive.headers, { amount: '-5', purpose: '' });
    expect(invalid.statusCode).toBe(400);
  });

  it('another member cannot see or decide the application; an administrator decides once, with an audit row', async () => {
    const other = await paidMember(ctx.app, 'main');
    const theirs = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/grant', headers: other.headers })
    ).json();
    expect(theirs.applications).toEqual([]);

    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/grants?status=pending', headers: adminHeaders })
    ).json();
    const application = list.items.find((g: { email: string }) => g.email === executive.account.email);
    expect(application).toMatchObject({
      status: 'pending',
      fullName: 'Eze Executive',
      amount: '40000000.00',
    });

    const byMember = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/grants/${application.id}`,
      headers: other.headers,
      payload: { decision: 'approved' },
    });
    expect(byMember.statusCode).toBe(403);

    const decided = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/grants/${application.id}`,
      headers: adminHeaders,
      payload: { decision: 'approved', note: 'Business plan checked' },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', decisionNote: 'Business plan checked' });
    const twice = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/grants/${application.id}`,
      headers: adminHeaders,
      payload: { decision: 'declined' },
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/admin/grants/999999',
          headers: adminHeaders,
          payload: { decision: 'declined' },
        })
      ).statusCode,
    ).toBe(404);

    const audit = await queryRows<{
      action: string;
      target_account_id: string;
      details: { decision: string };
    }>(
      ctx.app.db,
      sql`select action, target_account_id, details from audit_log where action = 'grant_decision'`,
    );
    expect(audit).toMatchObject([
      { target_account_id: executive.account.id, details: { decision: 'approved' } },
    ]);

    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/grant', headers: executive.headers })
    ).json();
    expect(mine.applications[0]).toMatchObject({ status: 'approved', decisionNote: 'Business plan checked' });
    // Approved: a member position holds one grant, so a second application is refused.
    const second = await post(executive.headers, { amount: '1000000', purpose: 'Expansion' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'Your grant of ₦40,000,000 has been approved already: a member holds one grant.',
    );
  });

  it("puts the approved grant's money in the ledger and the wallet history, once, to be paid out like any wallet money", async () => {
    const [entry] = await queryRows<{ kind: string; key: string; amount_kobo: string }>(
      ctx.app.db,
      sql`select e.kind, a.key, l.amount_kobo from grant_applications g
          join journal_entries e on e.id = g.journal_entry_id join journal_lines l on l.entry_id = e.id
          join ledger_accounts a on a.id = l.ledger_account_id
          where g.account_id = ${executive.account.id} and g.status = 'approved' and a.kind = 'wallet'`,
    );
    expect(entry).toMatchObject({ kind: 'grant', key: `wallet:${executive.account.id}` });
    expect(Number(entry!.amount_kobo)).toBe(grant.ceilingKobo);
    const [expense] = await queryRows<{ balance_kobo: string }>(
      ctx.app.db,
      sql`select balance_kobo from ledger_accounts where key = 'grant_expense:main'`,
    );
    expect(Number(expense!.balance_kobo)).toBe(-grant.ceilingKobo);
    const history = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/wallet-history', headers: executive.headers })
    ).json();
    expect(history.items[0]).toMatchObject({
      kind: 'grant',
      reason: expect.stringMatching(/^Executive grant approved \(application \d+\)/),
      amount: '40000000.00',
    });
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: executive.headers })).json();
    expect(me.wallet).toBe(toNairaString(3_520_000_00 + grant.ceilingKobo));
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });

  it('refuses a second approval for the same member, and a decline moves no money', async () => {
    // An application left pending from before the one-grant rule: approving it too is refused.
    const [older] = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`insert into grant_applications (account_id, amount_kobo, purpose) values (${executive.account.id}, 100000000, 'Older plan') returning id`,
    );
    const walletBefore = (
      await ctx.app.inject({ method: 'GET', url: '/api/me', headers: executive.headers })
    ).json().wallet;
    const entriesBefore = await queryRows(ctx.app.db, sql`select count(*)::int as n from journal_entries`);
    const approve = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/grants/${older!.id}`,
      headers: adminHeaders,
      payload: { decision: 'approved' },
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toMatch(
      /^This member already holds an approved grant of ₦40,000,000 \(application \d+\): a member position holds one grant\. Decline this application\.$/,
    );
    const decline = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/grants/${older!.id}`,
      headers: adminHeaders,
      payload: { decision: 'declined', note: 'One grant per member' },
    });
    expect(decline.json()).toMatchObject({ status: 'declined' });
    expect(await queryRows(ctx.app.db, sql`select count(*)::int as n from journal_entries`)).toEqual(
      entriesBefore,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: executive.headers })).json().wallet,
    ).toBe(walletBefore);
    // The database keeps the rule too: a second approved row cannot be written.
    await expect(
      ctx.app.db.execute(sql`update grant_applications set status = 'approved' where id = ${older!.id}`),
    ).rejects.toThrow();
  });
});
