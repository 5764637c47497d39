import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, enrolSecondFactor, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { logIn, mailsTo, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';
import { lagosDateTime } from '../src/lib/lagos-time';

const HOUR = 3_600_000;
const NOTICE_HOURS = 72;

interface Admin {
  id: string;
  email: string;
  fullName: string;
  headers: Record<string, string>;
}

/** Issue 39: no act that changes who can approve is done by one person, and two administrators can still part. */
describeEachDatabase(
  'no one person holds the money: acts on administrators need someone other than the maker and the target',
  (database) => {
    const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'false' });

    const admin = async (
      fullName: string,
      options: { secondFactor?: boolean; password?: string } = { secondFactor: true },
    ): Promise<Admin> => {
      const account = await createTestAccount(ctx.app, {
        role: 'admin',
        fullName,
        secondFactor: options.secondFactor,
        password: options.password,
      });
      return { id: account.id, email: account.email, fullName, headers: await signInAs(ctx.app, account.id) };
    };
    const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url, headers, payload });
    const approve = (id: number, who: Admin) => post(`/api/admin/approvals/${id}/approve`, who.headers);
    const decline = (id: number, who: Admin, reason: string) =>
      post(`/api/admin/approvals/${id}/decline`, who.headers, { reason });
    const invite = (who: Admin, email: string, fullName = 'Invited Person') =>
      post('/api/admin/administrators/invitations', who.headers, { email, fullName });
    const askRemoval = (who: Admin, target: Admin) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/adminRoles/${encodeURIComponent(target.email)}`,
        headers: who.headers,
      });
    const accountOf = async (id: string) =>
      (
        await queryRows<{ role: string; status: string }>(
          ctx.app.db,
          sql`select role, status from accounts where id = ${id}`,
        )
      )[0]!;
    const requestOf = async (id: number) =>
      (
        await queryRows<{
          status: string;
          checker_account_id: string | null;
          objection: string | null;
          result: Record<string, unknown> | null;
        }>(
          ctx.app.db,
          sql`select status, checker_account_id, objection, result from approval_requests where id = ${id}`,
        )
      )[0]!;
    /** Every administrator but these is closed, so each test starts from the administrators it names. */
    const only = async (...admins: Admin[]) => {
      await ctx.app.db.execute(
        sql`update accounts set status = 'closed' where role = 'admin' and id not in (${sql.join(
          admins.map((a) => sql`${a.id}`),
          sql`, `,
        )})`,
      );
      await ctx.app.db.execute(
        sql`update approval_requests set status = 'declined', decided_at = now() where status = 'pending'`,
      );
    };

    it('one administrator of two cannot suspend, reinstate, close, demote or replace the other alone, nor make anyone an administrator', async () => {
      const maker = await admin('Maker Two');
      const other = await admin('Other Two');
      await only(maker, other);

      const suspend = await post(`/api/admin/members/${other.id}/suspend`, maker.headers, {
        reason: 'under_review',
        note: 'I want to act alone',
      });
      expect(suspend.statusCode).toBe(409);
      expect(suspend.json()).toMatchObject({ code: 'account_is_admin' });
      expect(suspend.json().message).toMatch(
        /^This account is an administrator\. One administrator cannot suspend or close it/,
      );
      const close = await post(`/api/admin/members/${other.id}/close`, maker.headers, {
        reason: 'breach_of_terms',
        note: 'Alone again',
      });
      expect(close.statusCode).toBe(409);
      expect(close.json().code).toBe('account_is_admin');
      expect(await accountOf(other.id)).toEqual({ role: 'admin', status: 'active' });
      // An administrator suspended before this rule is not reinstated by one person either.
      await ctx.app.db.execute(sql`update accounts set status = 'suspended' where id = ${other.id}`);
      const reinstate = await post(`/api/admin/members/${other.id}/reinstate`, maker.headers, {
        note: 'Back by myself',
      });
      expect(reinstate.statusCode).toBe(409);
      expect(reinstate.json().code).toBe('account_is_admin');
      await ctx.app.db.execute(sql`update accounts set status = 'active' where id = ${other.id}`);

      // A removal waits: neither its maker nor its target can make it happen now.
      const removal = await askRemoval(maker, other);
      expect(removal.statusCode, removal.body).toBe(202);
      const removalId = removal.json().approval.id as number;
      expect((await approve(removalId, maker)).json().code).toBe('own_request');
      const self = await approve(removalId, other);
      expect(self.statusCode).toBe(403);
      expect(self.json().code).toBe('own_admin_role');
      expect(await accountOf(other.id)).toEqual({ role: 'admin', status: 'active' });

      // Inviting a third person (who would then approve the removal) waits for the other administrator too.
      const email = uniqueEmail('accomplice');
      const invited = await invite(maker, email, 'Accomplice Person');
      expect(invited.statusCode, invited.body).toBe(202);
      expect(invited.json().approval).toMatchObject({ kind: 'make_admin', status: 'pending', target: null });
      expect(invited.json().approval.summary).toContain(
        `invite Accomplice Person (${email}) to become an administrator`,
      );
      expect(
        await queryRows(ctx.app.db, sql`select id from admin_invitations where email = ${email}`),
      ).toHaveLength(0);
      expect((await approve(invited.json().approval.id, maker)).statusCode).toBe(403);
      expect(
        await queryRows(ctx.app.db, sql`select id from admin_invitations where email = ${email}`),
      ).toHaveLength(0);
      const status = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/administrators/invitation',
          headers: maker.headers,
        })
      ).json();
      expect(status).toMatchObject({
        sole: false,
        invitations: [],
        waiting: [
          {
            email,
            fullName: 'Accomplice Person',
            askedBy: { fullName: 'Maker Two', email: expect.stringContaining('@') },
          },
        ],
      });
      // The old "make a member admin" route is gone.
      const member = await createTestAccount(ctx.app, { fullName: 'Known Password' });
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: `/api/admin/adminRoles/${encodeURIComponent(member.email)}`,
            headers: maker.headers,
          })
        ).statusCode,
      ).toBe(404);
      expect(await accountOf(member.id)).toEqual({ role: 'user', status: 'active' });
    });

    it('a member account never becomes an administrator: inviting its email is refused, when asked, when approved and when accepted', async () => {
      const maker = await admin('Maker Member');
      const checker = await admin('Checker Member');
      await only(maker, checker);
      for (const programme of ['main', 'welcomeback'] as const) {
        const member = await createTestAccount(ctx.app, { programme, fullName: 'Paying Member' });
        const refused = await invite(maker, member.email.toUpperCase());
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({
          code: 'member_account',
          message: `${member.email} already has an account on the platform. An administrator is a separate account that only an invitation makes: ask the person for another email address for their administrator account.`,
        });
        expect(await accountOf(member.id)).toEqual({ role: 'user', status: 'active' });
      }
      // The address signs up as a member while the invitation waits: approval then fails, and nothing is mailed.
      const email = uniqueEmail('later-member');
      const asked = await invite(maker, email);
      expect(asked.statusCode).toBe(202);
      await createTestAccount(ctx.app, { email, fullName: 'Signed Up Meanwhile' });
      const approved = await approve(asked.json().approval.id, checker);
      expect(approved.statusCode).toBe(409);
      expect(approved.json().code).toBe('member_account');
      expect((await requestOf(asked.json().approval.id)).status).toBe('failed');
      expect(
        await queryRows(ctx.app.db, sql`select id from admin_invitations where email = ${email}`),
      ).toHaveLength(0);
    });

    it('an approval by an administrator without a second factor is refused with what to do; once enrolled it counts, and the invitation is mailed then', async () => {
      const maker = await admin('Maker Factor');
      const newcomer = await admin('Newcomer Factor', { secondFactor: false });
      await only(maker, newcomer);
      const email = uniqueEmail('invited');
      const asked = await invite(maker, email, 'Invited Later');
      expect(asked.statusCode).toBe(202);
      const refused = await approve(asked.json().approval.id, newcomer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'two_factor_not_enrolled',
        message:
          'Set up two-factor sign-in first (Two-factor sign-in in the admin menu): an approval counts only from an administrator with a second factor.',
      });
      expect((await requestOf(asked.json().approval.id)).status).toBe('pending');
      expect(
        await queryRows(ctx.app.db, sql`select id from admin_invitations where email = ${email}`),
      ).toHaveLength(0);

      await enrolSecondFactor(ctx.app, newcomer.id);
      const enrolled = { ...newcomer, headers: await signInAs(ctx.app, newcomer.id) };
      const approved = await approve(asked.json().approval.id, enrolled);
      expect(approved.statusCode, approved.body).toBe(200);
      const [mail] = await mailsTo(ctx.app, email);
      expect(mail!.subject).toBe('Maker Factor invites you to be an administrator');
      const [audit] = await queryRows<{ actor_account_id: string; details: Record<string, unknown> }>(
        ctx.app.db,
        sql`select actor_account_id, details from audit_log where action = 'admin_invited' and details->>'email' = ${email}`,
      );
      expect(audit).toEqual({
        actor_account_id: maker.id,
        details: { email, fullName: 'Invited Later', approvedBy: newcomer.id },
      });
    });

    it('two administrators part by the notice: the target objects (mailed to all) but cannot block it, and the job removes them when it is due', async () => {
      const maker = await admin('Maker Notice');
      const target = await admin('Target Notice', { secondFactor: true, password: 'target password' });
      await only(maker, target);
      const before = Date.now();
      const asked = await askRemoval(maker, target);
      expect(asked.statusCode, asked.body).toBe(202);
      const { approval, message } = asked.json();
      expect(approval).toMatchObject({
        kind: 'remove_admin',
        status: 'pending',
        target: { id: target.id },
        objection: null,
      });
      const takesEffect = new Date(approval.takesEffectAt).getTime();
      expect(takesEffect).toBeGreaterThanOrEqual(before + NOTICE_HOURS * HOUR - 60_000);
      expect(takesEffect).toBeLessThanOrEqual(Date.now() + NOTICE_HOURS * HOUR + 60_000);
      expect(message).toContain(
        `takes effect on ${lagosDateTime(new Date(takesEffect))} (Lagos time) unless an administrator other than you and the one it concerns declines it`,
      );
      // Every administrator is mailed when it is asked, the maker and the target included.
      for (const who of [maker, target]) {
        const notice = (await mailsTo(ctx.app, who.email)).find(
          (m) => m.subject === `Notice: request #${approval.id} takes effect unless declined`,
        );
        expect(notice!.text).toContain(
          'unless an administrator other than Maker Notice and Target Notice declines it',
        );
      }

      const objected = await decline(approval.id, target, 'I have done nothing wrong');
      expect(objected.statusCode, objected.body).toBe(200);
      expect(objected.json()).toMatchObject({
        status: 'pending',
        objection: { reason: 'I have done nothing wrong' },
      });
      const objectionMail = (await mailsTo(ctx.app, maker.email, 2)).find(
        (m) => m.subject === `Objection to request #${approval.id}`,
      );
      expect(objectionMail!.text).toContain('An objection does not stop the request.');
      const listed = (
        await ctx.app.inject({ method: 'GET', url: '/api/admin/administrators', headers: maker.headers })
      ).json();
      expect(listed.items.find((a: { id: string }) => a.id === target.id).removal).toMatchObject({
        approvalId: approval.id,
        askedBy: { fullName: 'Maker Notice', email: expect.stringContaining('@') },
        objection: 'I have done nothing wrong',
        takesEffectAt: approval.takesEffectAt,
      });

      // Before the notice ends the job leaves it; after, it carries it out with no checker.
      await ctx.app.jobs.runDue(new Date(takesEffect - HOUR));
      expect(await accountOf(target.id)).toEqual({ role: 'admin', status: 'active' });
      const ran = await ctx.app.jobs.runDue(new Date(takesEffect + 60_000));
      expect(ran).toContain('approval-notice-periods');
      expect(await accountOf(target.id)).toEqual({ role: 'admin', status: 'closed' });
      expect(await requestOf(approval.id)).toMatchObject({
        status: 'approved',
        checker_account_id: null,
        result: { accountId: target.id, byNotice: true },
      });
      expect(
        await queryRows(
          ctx.app.db,
          sql`select id from sessions where account_id = ${target.id} and revoked_at is null`,
        ),
      ).toHaveLength(0);
      const [audit] = await queryRows<{ actor_account_id: string; details: Record<string, unknown> }>(
        ctx.app.db,
        sql`select actor_account_id, details from audit_log where action = 'remove_admin' and target_account_id = ${target.id}`,
      );
      expect(audit).toMatchObject({
        actor_account_id: maker.id,
        details: { way: 'notice', approvedBy: null },
      });
      expect(
        (await mailsTo(ctx.app, target.email)).some(
          (m) => m.subject === 'You are no longer an administrator',
        ),
      ).toBe(true);
      expect(
        (await mailsTo(ctx.app, maker.email)).some(
          (m) => m.subject === `Done after the notice: request #${approval.id}`,
        ),
      ).toBe(true);
      // The removed person is not a member either: the account is closed, for the admin login and the member login.
      expect(
        (await logIn(ctx.app, 'main', target.email, 'target password', '/api/admin/adminLogin')).statusCode,
      ).toBe(403);
      expect((await logIn(ctx.app, 'main', target.email, 'target password')).statusCode).toBe(403);
      // One administrator is left: the next invitation is theirs alone to send (signed in again: three days went by).
      const status = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/administrators/invitation',
        headers: await signInAs(ctx.app, maker.id),
      });
      expect(status.json().sole, status.body).toBe(true);
    });

    it('a third administrator stops a removal by declining it, or approves it at once; a suspended administrator still counts', async () => {
      const maker = await admin('Maker Third');
      const target = await admin('Target Third');
      const third = await admin('Third Third');
      await only(maker, target, third);
      const asked = await askRemoval(maker, target);
      const id = asked.json().approval.id as number;
      const declined = await decline(id, third, 'We keep two administrators');
      expect(declined.json()).toMatchObject({
        status: 'declined',
        declineReason: 'We keep two administrators',
        checker: { id: third.id },
      });
      await ctx.app.jobs.runDue(new Date(Date.now() + (NOTICE_HOURS + 1) * HOUR));
      expect(await accountOf(target.id)).toEqual({ role: 'admin', status: 'active' });

      const again = await askRemoval(maker, target);
      const approved = await approve(again.json().approval.id, third);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'approved', checker: { id: third.id } });
      expect(await accountOf(target.id)).toEqual({ role: 'admin', status: 'closed' });

      // With the maker and a suspended administrator left, the maker is not "the only administrator".
      await ctx.app.db.execute(sql`update accounts set status = 'suspended' where id = ${third.id}`);
      const status = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/administrators/invitation',
          headers: maker.headers,
        })
      ).json();
      expect(status.sole).toBe(false);
      const invited = await invite(maker, uniqueEmail('while-suspended'));
      expect(invited.statusCode).toBe(202);
    });
  },
);

describeEachDatabase(
  'the demo deployment (SINGLE_ADMIN_APPROVAL) with truly one administrator',
  (database) => {
    const ctx = useTestApp(database, { SINGLE_ADMIN_APPROVAL: 'true' });

    it('the sole administrator invites at once; a second one, suspended or not, makes the next invitation wait', async () => {
      const sole = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Sole Demo' });
      const headers = await signInAs(ctx.app, sole.id);
      const email = uniqueEmail('demo-second');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/administrators/invitations',
        headers,
        payload: { email, fullName: 'Demo Second' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toMatch(new RegExp(`^An invitation was mailed to ${email}\\.`));
      expect((await mailsTo(ctx.app, email))[0]!.subject).toBe(
        'Sole Demo invites you to be an administrator',
      );

      const other = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Suspended Demo' });
      await ctx.app.db.execute(sql`update accounts set status = 'suspended' where id = ${other.id}`);
      const next = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/administrators/invitations',
        headers,
        payload: { email: uniqueEmail('demo-third'), fullName: 'Demo Third' },
      });
      expect(next.statusCode, next.body).toBe(202);
      // Removing the suspended one waits too: nobody removes an administrator at once from the admin area.
      const removal = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/adminRoles/${encodeURIComponent(other.email)}`,
        headers,
      });
      expect(removal.statusCode, removal.body).toBe(202);
      expect(removal.json().approval.takesEffectAt).not.toBeNull();
    });
  },
);
