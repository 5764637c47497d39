import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { bearer, logIn, mailsTo, someAddress, tokenOf, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const ADMIN_LOGIN = '/api/admin/adminLogin';

/**
 * Decision 0038: an administrator is a person who accepted an invitation (their own password, then their own second
 * factor), never a member account switched over. These checks replace those of the make-admin route it removed.
 */
describeEachDatabase('who becomes an administrator, and the audit log of it', (database) => {
  const ctx = useTestApp(database);
  const invite = async (actorId: string | null, email: string, fullName = 'Helper Person') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/administrators/invitations',
      headers: actorId ? await signInAs(ctx.app, actorId) : {},
      payload: { email, fullName },
    });

  it('the sole administrator invites a person with their own address; the link makes the account, audited with who and when', async () => {
    await ctx.app.db.execute(sql`update accounts set status = 'closed' where role = 'admin'`);
    const admin = await createTestAccount(ctx.app, {
      role: 'admin',
      email: uniqueEmail('boss'),
      fullName: 'Boss Admin',
    });
    const email = uniqueEmail('helper');
    const res = await invite(admin.id, email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(ctx.app, email);
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin-invitation/accept',
      payload: {
        token: tokenOf(mail!.links[0]!),
        password: 'helper password',
        confirmPassword: 'helper password',
      },
      remoteAddress: someAddress(),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toMatch(
      /set up two-factor sign-in: your approvals count only once it is on\.$/,
    );

    const login = await logIn(ctx.app, 'main', email, 'helper password', ADMIN_LOGIN);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.roles).toBe('admin');
    // The refresh cookie, and the cookie that marks this browser as one the administrator signs in from (sign-in limits).
    expect(login.cookies.map((c) => c.name).sort()).toEqual(['admin_device', 'refresh_main']);

    const log = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?page=1',
      headers: bearer(login.json().token),
    });
    expect(log.statusCode, log.body).toBe(200);
    const invited = log
      .json()
      .items.find(
        (i: { action: string; details: { email?: string } }) =>
          i.action === 'admin_invited' && i.details.email === email,
      );
    expect(invited).toMatchObject({
      actorAccountId: admin.id,
      actorEmail: admin.email,
      // The log names the administrator as the screens do: name and email (issue 35).
      actor: { fullName: 'Boss Admin', email: admin.email },
      details: { email, fullName: 'Helper Person', approvedBy: null },
    });
    expect(Date.now() - new Date(invited.createdAt).getTime()).toBeLessThan(60_000);
    const joined = log
      .json()
      .items.find(
        (i: { action: string; targetEmail: string }) =>
          i.action === 'admin_invitation_accepted' && i.targetEmail === email,
      );
    expect(joined).toMatchObject({ details: { email, invitedBy: admin.id } });
  });

  it('refuses an email any account uses, Main or Welcome Back, saying to use another address; an invalid email', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin' });
    for (const programme of ['main', 'welcomeback'] as const) {
      const participant = await createTestAccount(ctx.app, { programme });
      const res = await invite(admin.id, participant.email);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        `${participant.email} already has an account on the platform. An administrator is a separate account that only an invitation makes: ask the person for another email address for their administrator account.`,
      );
      const [row] = await queryRows<{ role: string }>(
        ctx.app.db,
        sql`select role from accounts where id = ${participant.id}`,
      );
      expect(row!.role).toBe('user');
    }
    const invalid = await invite(admin.id, 'not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Enter a valid email address');
    // The route that made a member account an administrator is gone.
    const member = await createTestAccount(ctx.app);
    const old = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/adminRoles/${encodeURIComponent(member.email)}`,
      headers: await signInAs(ctx.app, admin.id),
    });
    expect(old.statusCode).toBe(404);
    const made = await queryRows(
      ctx.app.db,
      sql`select id from audit_log where action in ('make_admin', 'admin_invited') and target_account_id = ${member.id}`,
    );
    expect(made).toHaveLength(0);
  });

  it('is for administrators only: a member token or no token changes nothing', async () => {
    const member = await createTestAccount(ctx.app);
    const email = uniqueEmail('nobody');
    expect((await invite(member.id, email)).statusCode).toBe(403);
    expect((await invite(null, email)).statusCode).toBe(401);
    expect(
      await queryRows(ctx.app.db, sql`select id from admin_invitations where email = ${email}`),
    ).toHaveLength(0);
    const log = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      headers: await signInAs(ctx.app, member.id),
    });
    expect(log.statusCode).toBe(403);
  });
});
