import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { bearer, logIn, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

describeEachDatabase('make admin and the audit log', (database) => {
  const ctx = useTestApp(database);
  const makeAdmin = async (actorId: string | null, email: string) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/adminRoles/${encodeURIComponent(email)}`, headers: actorId ? await signInAs(ctx.app, actorId) : {} });

  it('makes a Main account an administrator, audited with who and when; the new admin can enter the admin area', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', email: uniqueEmail('boss') });
    const person = await createTestAccount(ctx.app, { email: uniqueEmail('helper'), password: 'helper password' });
    const before = (await logIn(ctx.app, 'main', person.email, 'helper password', '/api/admin/adminLogin'));
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe('This needs an administrator account.');

    const res = await makeAdmin(admin.id, person.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: `${person.email} is now an administrator.` });

    const login = await logIn(ctx.app, 'main', person.email, 'helper password', '/api/admin/adminLogin');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.roles).toBe('admin');
    // The refresh cookie, and the cookie that marks this browser as one the administrator signs in from (sign-in limits).
    expect(login.cookies.map((c) => c.name).sort()).toEqual(['admin_device', 'refresh_main']);

    const log = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-log?page=1', headers: bearer(login.json().token) });
    expect(log.statusCode, log.body).toBe(200);
    const entry = log.json().items.find((i: { action: string; targetEmail: string }) => i.action === 'make_admin' && i.targetEmail === person.email);
    expect(entry).toMatchObject({ actorAccountId: admin.id, actorEmail: admin.email, targetAccountId: person.id, details: { email: person.email, programme: 'main' } });
    expect(Date.now() - new Date(entry.createdAt).getTime()).toBeLessThan(60_000);

    const again = await makeAdmin(admin.id, person.email);
    expect(again.json().message).toBe(`${person.email} is already an administrator.`);
    const rows = await queryRows(ctx.app.db, sql`select id from audit_log where action = 'make_admin' and target_account_id = ${person.id}`);
    expect(rows).toHaveLength(1);
  });

  it('refuses an email with only a Welcome Back account, explaining what to do, and an unknown email', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin' });
    const participant = await createTestAccount(ctx.app, { programme: 'welcomeback' });
    const wb = await makeAdmin(admin.id, participant.email);
    expect(wb.statusCode).toBe(409);
    expect(wb.json().message).toMatch(/only a Welcome Back account\. Administrators sign in with a Main platform account/);
    const [row] = await queryRows<{ role: string }>(ctx.app.db, sql`select role from accounts where id = ${participant.id}`);
    expect(row!.role).toBe('user');

    const both = await createTestAccount(ctx.app, { programme: 'main' });
    const wbOfSame = await createTestAccount(ctx.app, { programme: 'welcomeback', email: both.email });
    expect((await makeAdmin(admin.id, both.email)).statusCode).toBe(200);
    const roles = await queryRows<{ id: string; role: string }>(ctx.app.db, sql`select id, role from accounts where email = ${both.email}`);
    expect(roles.find((r) => r.id === both.id)!.role).toBe('admin');
    expect(roles.find((r) => r.id === wbOfSame.id)!.role).toBe('user');

    const unknown = await makeAdmin(admin.id, uniqueEmail('ghost'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No account uses this email.');
    const invalid = await makeAdmin(admin.id, 'not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Enter a valid email address');
  });

  it('is for administrators only: a member token or no token changes nothing', async () => {
    const member = await createTestAccount(ctx.app);
    const target = await createTestAccount(ctx.app);
    expect((await makeAdmin(member.id, member.email)).statusCode).toBe(403);
    expect((await makeAdmin(member.id, target.email)).statusCode).toBe(403);
    expect((await makeAdmin(null, target.email)).statusCode).toBe(401);
    const roles = await queryRows<{ role: string }>(ctx.app.db, sql`select role from accounts where id in (${member.id}, ${target.id})`);
    expect(roles.map((r) => r.role)).toEqual(['user', 'user']);
    const log = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: await signInAs(ctx.app, member.id) });
    expect(log.statusCode).toBe(403);
  });

  it('ends the promoted person’s current access tokens so the next renewal carries the new role', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin' });
    const person = await createTestAccount(ctx.app, { password: 'helper password' });
    const login = await logIn(ctx.app, 'main', person.email, 'helper password');
    const token = login.json().token as string;
    expect((await makeAdmin(admin.id, person.email)).statusCode).toBe(200);
    // Any private call with the old token is refused (the auth hook runs before the body is read).
    const old = await ctx.app.inject({ method: 'PUT', url: '/api/auth/password', headers: bearer(token), payload: {} });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Your session has ended. Please sign in again.');
    const cookie = login.cookies.find((c) => c.name === 'refresh_main')!.value;
    const renewed = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { programme: 'main' }, cookies: { refresh_main: cookie } });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().user.roles).toBe('admin');
  });
});
