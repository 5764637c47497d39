import { sql } from 'drizzle-orm';
import { mainPlan, toNairaString } from '@coop/core';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
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

  const post = (headers: Record<string, string>, payload: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/me/grant', headers, payload });

  it('the member reaches Executive with every stage’s cash and awards up to Minister', async () => {
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: executive.headers })).json();
    expect(me).toMatchObject({ stage: grant.stage, status: 'Executive', grantEligible: true, referralNode: placesFor(grant.stage) });
    const completed = mainPlan.stages.slice(0, grant.stage);
    const cashKobo =
      2 * mainPlan.referralBonusKobo + completed.reduce((sum, s) => sum + s.activitiesKobo + s.graduatingKobo, 0) - mainPlan.healthFee!.amountKobo;
    expect(me.wallet).toBe(toNairaString(cashKobo));
    expect(me.wallet).toBe('3520000.00');
    expect([me.laptop_award_or_equivalent, me.gift, me.car_award, me.suv_award]).toEqual(['200000.00', '600000.00', '6000000.00', '0.00']);
  });

  it('refuses more than the ceiling, accepts up to it, and keeps one pending at a time', async () => {
    const over = await post(executive.headers, { amount: '40,000,000.01', purpose: 'A poultry farm in Ogun' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('The grant is at most ₦40,000,000.');

    const ok = await post(executive.headers, { amount: '40,000,000', purpose: 'A poultry farm in Ogun' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ amount: toNairaString(grant.ceilingKobo), status: 'pending', purpose: 'A poultry farm in Ogun' });

    const again = await post(executive.headers, { amount: '1000', purpose: 'Another' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a grant application waiting for a decision.');

    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/me/grant', headers: executive.headers })).json();
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
    expect((await post(await signInAs(ctx.app, unpaid.id), { amount: '5000', purpose: 'Shop' })).statusCode).toBe(403);

    const participant = await paidMember(ctx.app, 'welcomeback');
    const wb = await post(participant.headers, { amount: '5000', purpose: 'Shop' });
    expect(wb.statusCode).toBe(403);
    expect(wb.json().message).toBe('The grant is offered on the Main platform only.');

    const invalid = await post(executive.headers, { amount: '-5', purpose: '' });
    expect(invalid.statusCode).toBe(400);
  });

  it('another member cannot see or decide the application; an administrator decides once, with an audit row', async () => {
    const other = await paidMember(ctx.app, 'main');
    const theirs = (await ctx.app.inject({ method: 'GET', url: '/api/me/grant', headers: other.headers })).json();
    expect(theirs.applications).toEqual([]);

    const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/grants?status=pending', headers: adminHeaders })).json();
    const application = list.items.find((g: { email: string }) => g.email === executive.account.email);
    expect(application).toMatchObject({ status: 'pending', fullName: 'Eze Executive', amount: '40000000.00' });

    const byMember = await ctx.app.inject({ method: 'PUT', url: `/api/admin/grants/${application.id}`, headers: other.headers, payload: { decision: 'approved' } });
    expect(byMember.statusCode).toBe(403);

    const decided = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/grants/${application.id}`,
      headers: adminHeaders,
      payload: { decision: 'approved', note: 'Business plan checked' },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'approved', decisionNote: 'Business plan checked' });
    const twice = await ctx.app.inject({ method: 'PUT', url: `/api/admin/grants/${application.id}`, headers: adminHeaders, payload: { decision: 'declined' } });
    expect(twice.statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/admin/grants/999999', headers: adminHeaders, payload: { decision: 'declined' } })).statusCode).toBe(404);

    const audit = await queryRows<{ action: string; target_account_id: string; details: { decision: string } }>(
      ctx.app.db,
      sql`select action, target_account_id, details from audit_log where action = 'grant_decision'`,
    );
    expect(audit).toMatchObject([{ target_account_id: executive.account.id, details: { decision: 'approved' } }]);

    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/me/grant', headers: executive.headers })).json();
    expect(mine.applications[0]).toMatchObject({ status: 'approved', decisionNote: 'Business plan checked' });
    // Decided: the member may apply again.
    expect((await post(executive.headers, { amount: '1000000', purpose: 'Expansion' })).statusCode).toBe(201);
  });
});
