import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { useTestApp } from './app';
import { createTestAccount, enrolSecondFactor, signInAs } from './accounts-kit';
import { logIn, mailsTo, someAddress, tokenOf, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const ADMIN_LOGIN = '/api/admin/adminLogin';
const PASSWORD = 'second admin password';

describeEachDatabase(
  'with approvals on, the sole administrator invites a second one, and then approvals work',
  (database) => {
    const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });
    let first: { id: string; email: string; headers: Record<string, string> };

    beforeAll(async () => {
      const account = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada First' });
      first = { id: account.id, email: account.email, headers: await signInAs(ctx.app, account.id) };
    });

    const status = async (headers = first.headers) =>
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/administrators/invitation', headers })).json();
    const invite = (payload: Record<string, string>, headers = first.headers) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/administrators/invitations', headers, payload });
    const accept = (token: string, password = PASSWORD) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/admin-invitation/accept',
        payload: { token, password, confirmPassword: password },
        remoteAddress: someAddress(),
      });

    it('mails a link; a newer invitation ends the older one; the invited person chooses a password and signs in as an administrator', async () => {
      expect(await status()).toEqual({ sole: true, approvalsApply: true, invitations: [], waiting: [] });
      // An administrator is never made without a name (issue 35): the invitation without one is refused.
      const unnamed = await invite({ fullName: '   ', email: uniqueEmail('unnamed') });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().message).toContain('Enter the full names of the person you invite');
      expect((await status()).invitations).toEqual([]);
      const typo = uniqueEmail('typo');
      expect((await invite({ fullName: 'Bisi Second', email: typo })).statusCode).toBe(200);
      const email = uniqueEmail('bisi');
      const res = await invite({ fullName: 'Bisi Second', email });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        message: `An invitation was mailed to ${email}. Bisi Second becomes an administrator on choosing a password through its link (it works for 3 days), and must set up two-factor sign-in before their approvals count.`,
      });
      // Each address's link stands on its own; inviting the same address again ends its older link.
      expect((await status()).invitations).toMatchObject([
        { email: typo },
        { fullName: 'Bisi Second', email },
      ]);
      const [oldMail] = await mailsTo(ctx.app, email);
      expect((await invite({ fullName: 'Bisi Second', email })).statusCode).toBe(200);
      expect((await accept(tokenOf(oldMail!.links[0]!))).statusCode).toBe(400);
      expect((await status()).invitations).toMatchObject([{ email: typo }, { email }]);
      const mail = (await mailsTo(ctx.app, email, 2)).find((m) => m.links[0] !== oldMail!.links[0]);
      expect(mail!.subject).toBe('Ada First invites you to be an administrator');
      expect(mail!.links[0]).toContain('/admininvite?token=');
      // Until the link is used nobody else is an administrator.
      expect((await logIn(ctx.app, 'main', email, PASSWORD, ADMIN_LOGIN)).statusCode).toBe(401);

      const short = await accept(tokenOf(mail!.links[0]!), 'short');
      expect(short.statusCode).toBe(400);
      const accepted = await accept(tokenOf(mail!.links[0]!));
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().message).toBe(
        `Welcome: you are now an administrator. Sign in to the admin area with ${email} and your new password, then set up two-factor sign-in: your approvals count only once it is on.`,
      );
      expect((await accept(tokenOf(mail!.links[0]!))).statusCode).toBe(400);
      const login = await logIn(ctx.app, 'main', email, PASSWORD, ADMIN_LOGIN);
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json()).toMatchObject({ user: { roles: 'admin', email } });

      const told = (await mailsTo(ctx.app, first.email)).find(
        (m) => m.subject === 'Bisi Second is now an administrator',
      );
      expect(told!.text).toContain(
        'Acts that move money or give power wait for a second administrator on the Approvals page; an approval of theirs counts only once they have set up two-factor sign-in.',
      );
      const audit = await queryRows<{
        action: string;
        actor_account_id: string;
        details: Record<string, unknown>;
      }>(
        ctx.app.db,
        sql`select action, actor_account_id, details from audit_log where action in ('admin_invited', 'admin_invitation_accepted') order by id`,
      );
      expect(audit.map((a) => a.action)).toEqual([
        'admin_invited',
        'admin_invited',
        'admin_invited',
        'admin_invitation_accepted',
      ]);
      expect(audit[1]).toMatchObject({
        actor_account_id: first.id,
        details: { email, fullName: 'Bisi Second', approvedBy: null },
      });
    });

    it('after it there are two administrators: the next invitation waits for the other, whose approval counts only with a second factor', async () => {
      expect(await status()).toMatchObject({ sole: false, approvalsApply: true });
      const email = uniqueEmail('third');
      const again = await invite({ fullName: 'Chi Third', email });
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json().message).toMatch(
        /^Request #\d+ is waiting for a second administrator: invite Chi Third/,
      );
      expect((await status()).waiting).toMatchObject([
        {
          fullName: 'Chi Third',
          email,
          askedBy: { fullName: 'Ada First', email: expect.stringContaining('@') },
        },
      ]);
      const [second] = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`select account_id as id from admin_invitations where accepted_at is not null`,
      );
      const before = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/approvals/${again.json().approval.id}/approve`,
        headers: await signInAs(ctx.app, second!.id),
      });
      expect(before.statusCode).toBe(403);
      expect(before.json().code).toBe('two_factor_not_enrolled');
      await enrolSecondFactor(ctx.app, second!.id);
      const approved = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/approvals/${again.json().approval.id}/approve`,
        headers: await signInAs(ctx.app, second!.id),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const [mail] = await mailsTo(ctx.app, email);
      expect(mail!.subject).toBe('Ada First invites you to be an administrator');
      expect((await status()).waiting).toEqual([]);
    });
  },
);

describeEachDatabase(
  'a one-administrator deployment (SINGLE_ADMIN_APPROVAL) that invites a second administrator',
  (database) => {
    const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'true' });

    it('invites at once while it has one administrator, and from the accepted invitation on approvals apply without a restart', async () => {
      const first = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada First' });
      const headers = await signInAs(ctx.app, first.id);
      const settings = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals/settings', headers })).json();
      expect(await settings()).toMatchObject({ singleAdmin: true });
      // A member account is refused even here: the person uses another address for the administrator account.
      const member = await createTestAccount(ctx.app, { programme: 'main', fullName: 'Efe Member' });
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/administrators/invitations',
        headers,
        payload: { fullName: 'Efe Member', email: member.email },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('member_account');
      const email = uniqueEmail('efe-admin');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/administrators/invitations',
        headers,
        payload: { fullName: 'Efe Admin', email },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await mailsTo(ctx.app, email);
      expect(mail!.subject).toBe('Ada First invites you to be an administrator');
      expect(await settings()).toMatchObject({ singleAdmin: true });
      const accepted = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/admin-invitation/accept',
        payload: { token: tokenOf(mail!.links[0]!), password: PASSWORD, confirmPassword: PASSWORD },
        remoteAddress: someAddress(),
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await settings()).toMatchObject({ singleAdmin: false });

      // The next invitation waits for the other administrator, where before the first one it went at once.
      const third = uniqueEmail('third');
      const asked = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/administrators/invitations',
        headers,
        payload: { fullName: 'Third Person', email: third },
      });
      expect(asked.statusCode).toBe(202);
      const login = await logIn(ctx.app, 'main', email, PASSWORD, ADMIN_LOGIN);
      expect(login.statusCode, login.body).toBe(200);
      const [account] = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`select id from accounts where email = ${email}`,
      );
      await enrolSecondFactor(ctx.app, account!.id);
      const approved = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/approvals/${asked.json().approval.id}/approve`,
        headers: await signInAs(ctx.app, account!.id),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await mailsTo(ctx.app, third))[0]!.subject).toBe(
        'Ada First invites you to be an administrator',
      );
    });
  },
);
