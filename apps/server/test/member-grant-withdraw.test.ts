import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { useTestApp } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';

/**
 * A member takes back a pending grant application. The application is written as the application route leaves it
 * (member-grant.test.ts walks a member up to Executive and applies through the API).
 */
describeEachDatabase('a member withdraws a pending grant application', (database) => {
  const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
  let member: { id: string; headers: Record<string, string> };
  let makerHeaders: Record<string, string>;
  let checkerHeaders: Record<string, string>;

  beforeAll(async () => {
    const account = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Eze Executive' });
    member = { id: account.id, headers: await signInAs(ctx.app, account.id) };
    makerHeaders = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
    checkerHeaders = await signInAs(
      ctx.app,
      (await createTestAccount(ctx.app, { role: 'admin', secondFactor: true })).id,
    );
  });

  const pendingApplication = async () => {
    const [row] = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`insert into grant_applications (account_id, amount_kobo, purpose) values (${member.id}, 500000000, 'A poultry farm in Ogun') returning id`,
    );
    return Number(row!.id);
  };
  const withdraw = (id: number, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/api/me/grant/${id}/withdraw`, headers });

  it('withdraws it once, audited, and the member may apply again', async () => {
    const id = await pendingApplication();
    const other = await createTestAccount(ctx.app, { programme: 'main' });
    const byOther = await withdraw(id, await signInAs(ctx.app, other.id));
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().message).toBe('You have no grant application with that number.');

    const done = await withdraw(id, member.headers);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      id,
      status: 'withdrawn',
      amount: '5000000.00',
      decidedAt: expect.any(String),
    });
    const twice = await withdraw(id, member.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'This application was already withdrawn, so it can no longer be withdrawn.',
    );

    const audit = await queryRows<{
      actor_account_id: string;
      target_account_id: string;
      details: { grantId: number; amountKobo: number };
    }>(
      ctx.app.db,
      sql`select actor_account_id, target_account_id, details from audit_log where action = 'grant_withdrawn'`,
    );
    expect(audit).toEqual([
      {
        actor_account_id: member.id,
        target_account_id: member.id,
        details: { grantId: id, amountKobo: 500_000_000 },
      },
    ]);
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/grant', headers: member.headers })
    ).json();
    expect(mine.applications[0]).toMatchObject({ id, status: 'withdrawn' });
    // No longer pending: the one-pending rule lets the member apply again, and the administrators' list files it apart.
    expect(await pendingApplication()).toBeGreaterThan(id);
    const withdrawn = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/grants?status=withdrawn',
        headers: makerHeaders,
      })
    ).json();
    expect(withdrawn.items.map((g: { id: number }) => g.id)).toEqual([id]);
  });

  it('an approval asked before the withdrawal fails when approved, and no money moves', async () => {
    await ctx.app.db.execute(
      sql`update grant_applications set status = 'declined' where account_id = ${member.id} and status = 'pending'`,
    );
    const id = await pendingApplication();
    const asked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/grants/${id}`,
      headers: makerHeaders,
      payload: { decision: 'approved' },
    });
    expect(asked.statusCode).toBe(202);
    expect((await withdraw(id, member.headers)).statusCode).toBe(200);
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/approvals/${asked.json().approval.id}/approve`,
      headers: checkerHeaders,
    });
    expect(approve.statusCode).toBeGreaterThanOrEqual(400);
    expect(approve.json().message).toContain('withdrawn');
    expect(await queryRows(ctx.app.db, sql`select id from journal_entries where kind = 'grant'`)).toEqual([]);
    const [row] = await queryRows<{ status: string }>(
      ctx.app.db,
      sql`select status from grant_applications where id = ${id}`,
    );
    expect(row!.status).toBe('withdrawn');
  });
});
