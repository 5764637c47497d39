import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { useTestApp } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { bearer, logIn, mailsTo, someAddress, tokenOf, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const ADMIN_LOGIN = '/api/admin/adminLogin';
const PASSWORD = 'second admin password';

describeEachDatabase('with approvals on, the sole administrator invites a second one, and then approvals work', (database) => {
  const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
  let first: { id: string; email: string; headers: Record<string, string> };

  beforeAll(async () => {
    const account = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada First' });
    first = { id: account.id, email: account.email, headers: await signInAs(ctx.app, account.id) };
  });

  const status = async (headers = first.headers) => (await ctx.app.inject({ method: 'GET', url: '/api/admin/administrators/invitation', headers })).json();
  const invite = (payload: Record<string, string>, headers = first.headers) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/administrators/invitations', headers, payload });
  const accept = (token: string, password = PASSWORD) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/admin-invitation/accept', payload: { token, password, confirmPassword: password }, remoteAddress: someAddress() });

  it('mails a link; a newer invitation ends the older one; the invited person chooses a password and signs in as an administrator', async () => {
    expect(await status()).toEqual({ sole: true, approvalsApply: true, pending: null });
    const typo = uniqueEmail('typo');
    expect((await invite({ fullName: 'Bisi Second', email: typo })).statusCode).toBe(200);
    const email = uniqueEmail('bisi');
    const res = await invite({ fullName: 'Bisi Second', email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      promoted: false,
      message: `An invitation was mailed to ${email}. Bisi Second becomes an administrator on choosing a password through its link (it works for 3 days).`,
    });
    expect((await status()).pending).toMatchObject({ fullName: 'Bisi Second', email });

    const [oldMail] = await mailsTo(ctx.app, typo);
    expect((await accept(tokenOf(oldMail!.links[0]!))).statusCode).toBe(400);
    const [mail] = await mailsTo(ctx.app, email);
    expect(mail!.subject).toBe('Ada First invites you to be an administrator');
    expect(mail!.links[0]).toContain('/admininvite?token=');
    // Until the link is used nobody else is an administrator.
    expect((await logIn(ctx.app, 'main', email, PASSWORD, ADMIN_LOGIN)).statusCode).toBe(401);

    const short = await accept(tokenOf(mail!.links[0]!), 'short');
    expect(short.statusCode).toBe(400);
    const accepted = await accept(tokenOf(mail!.links[0]!));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(`Welcome: you are now an administrator. Sign in to the admin area with ${email} and your new password.`);
    expect((await accept(tokenOf(mail!.links[0]!))).statusCode).toBe(400);
    const login = await logIn(ctx.app, 'main', email, PASSWORD, ADMIN_LOGIN);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ user: { roles: 'admin', email } });

    const told = (await mailsTo(ctx.app, first.email)).find((m) => m.subject === 'Bisi Second is now an administrator');
    expect(told!.text).toContain('acts that move money or give power wait for a second administrator');
    const audit = await queryRows<{ action: string; actor_account_id: string; details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select action, actor_account_id, details from audit_log where action in ('admin_invited', 'admin_invitation_accepted') order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['admin_invited', 'admin_invited', 'admin_invitation_accepted']);
    expect(audit[1]).toMatchObject({ actor_account_id: first.id, details: { email, promoted: false } });
  });

  it('after it there are two administrators: no more invitations, and a request of one is approved by the other', async () => {
    expect(await status()).toEqual({ sole: false, approvalsApply: true, pending: null });
    const again = await invite({ fullName: 'Chi Third', email: uniqueEmail('third') });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There are already 2 administrators. Add another one with Make admin on the Users page: a second administrator approves it.');

    const member = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Dayo Member' });
    const asked = await ctx.app.inject({ method: 'PUT', url: `/api/admin/adminRoles/${member.email}`, headers: first.headers });
    expect(asked.statusCode).toBe(202);
    const [second] = await queryRows<{ id: string }>(ctx.app.db, sql`select account_id as id from admin_invitations where accepted_at is not null`);
    const secondHeaders = await signInAs(ctx.app, second!.id);
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/admin/approvals/${asked.json().approval.id}/approve`, headers: secondHeaders });
    expect(approved.statusCode, approved.body).toBe(200);
    const [role] = await queryRows<{ role: string }>(ctx.app.db, sql`select role from accounts where id = ${member.id}`);
    expect(role!.role).toBe('admin');
  });
});

describeEachDatabase('a one-administrator deployment (SINGLE_ADMIN_APPROVAL) that invites a second administrator', (database) => {
  const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'true' });

  it('promotes an existing Main account at once, and from then on approvals apply without a restart', async () => {
    const first = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada First' });
    const headers = await signInAs(ctx.app, first.id);
    const settings = async () => (await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals/settings', headers })).json();
    expect(await settings()).toMatchObject({ singleAdmin: true });
    const member = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Efe Member' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/administrators/invitations', headers, payload: { fullName: 'ignored', email: member.email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      promoted: true,
      message: `Efe Member (${member.email}) is now an administrator. From now on a second administrator approves acts that move money or power.`,
    });
    const [mail] = await mailsTo(ctx.app, member.email);
    expect(mail!.subject).toBe('You are now an administrator');
    expect(await settings()).toMatchObject({ singleAdmin: false });
    const [audit] = await queryRows<{ target_account_id: string; details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select target_account_id, details from audit_log where action = 'admin_invited'`,
    );
    expect(audit).toEqual({ target_account_id: member.id, details: { email: member.email, promoted: true } });

    // The next role change waits for the other administrator, where before the invitation it completed at once.
    const third = await createTestAccount(ctx.app, { programme: 'main' });
    const asked = await ctx.app.inject({ method: 'PUT', url: `/api/admin/adminRoles/${third.email}`, headers });
    expect(asked.statusCode).toBe(202);
    const login = await logIn(ctx.app, 'main', member.email, 'a good password', ADMIN_LOGIN);
    expect(login.statusCode, login.body).toBe(200);
    const approved = await ctx.app.inject({ method: 'POST', url: `/api/admin/approvals/${asked.json().approval.id}/approve`, headers: bearer(login.json().token) });
    expect(approved.statusCode, approved.body).toBe(200);
  });
});
