import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { useTestApp } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { logIn, mailsTo, someAddress, tokenOf, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const PASSWORD = 'member password 1';

describeEachDatabase('an administrator corrects a member’s name, phone and email', (database) => {
  const ctx = useTestApp(database);
  let adminHeaders: Record<string, string>;
  let member: { id: string; email: string };

  beforeAll(async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada Admin' });
    adminHeaders = await signInAs(ctx.app, admin.id);
    member = await createTestAccount(ctx.app, {
      programme: 'main',
      fullName: 'Chinedu Okafr',
      email: uniqueEmail('old'),
      password: PASSWORD,
    });
  });

  const correct = (id: string, payload: Record<string, string>, headers = adminHeaders) =>
    ctx.app.inject({ method: 'PUT', url: `/api/admin/members/${id}/details`, headers, payload });
  const confirm = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email-change',
      payload: { token },
      remoteAddress: someAddress(),
    });
  const audit = async (action: string) =>
    queryRows<{ actor_account_id: string; details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select actor_account_id, details from audit_log where action = ${action} and target_account_id = ${member.id} order by id`,
    );

  it('the name and phone change at once; the email waits for the new address, and the old address is told of each', async () => {
    const newEmail = uniqueEmail('new');
    const res = await correct(member.id, {
      fullName: 'Chinedu Okafor',
      phone: '08031234567',
      email: newEmail.toUpperCase(),
      reason: 'The member called from the phone on file',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      `The name and the phone number corrected; a link sent to ${newEmail}: the email changes when it is used. The member is told at the address on file.`,
    );
    expect(res.json().record).toMatchObject({
      fullName: 'Chinedu Okafor',
      phone: '08031234567',
      email: member.email,
      pendingEmail: { email: newEmail },
    });

    expect(await audit('member_details_corrected')).toMatchObject([
      {
        details: {
          changes: [
            { field: 'fullName', from: 'Chinedu Okafr', to: 'Chinedu Okafor' },
            { field: 'phone', from: '08030000000', to: '08031234567' },
          ],
          reason: 'The member called from the phone on file',
        },
      },
    ]);
    expect(await audit('member_email_change_requested')).toMatchObject([
      { details: { from: member.email, to: newEmail } },
    ]);

    const toOld = await mailsTo(ctx.app, member.email, 2);
    expect(toOld.map((m) => m.subject).sort()).toEqual([
      'A change of your email address was asked for',
      'Your details were corrected',
    ]);
    expect(toOld.find((m) => m.subject === 'Your details were corrected')!.text).toContain(
      'corrected your name to Chinedu Okafor and your phone number to 08031234567',
    );
    const [link] = await mailsTo(ctx.app, newEmail);
    expect(link!.subject).toBe('Confirm your new email address for the Main platform');
    expect(link!.links[0]).toContain('/confirmemailchange?token=');

    // Until the link is used the account keeps its old address.
    expect((await logIn(ctx.app, 'main', member.email, PASSWORD)).statusCode).toBe(200);
    expect((await logIn(ctx.app, 'main', newEmail, PASSWORD)).statusCode).toBe(401);

    const confirmed = await confirm(tokenOf(link!.links[0]!));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Your new email address is confirmed. Sign in with it from now on.',
      programme: 'main',
    });
    expect((await logIn(ctx.app, 'main', newEmail, PASSWORD)).statusCode).toBe(200);
    expect((await logIn(ctx.app, 'main', member.email, PASSWORD)).statusCode).toBe(401);
    const changed = (await mailsTo(ctx.app, member.email, 3)).find(
      (m) => m.subject === 'Your email address was changed',
    );
    expect(changed!.text).toContain(`is now ${newEmail}`);
    expect(await audit('member_email_changed')).toMatchObject([
      { actor_account_id: member.id, details: { from: member.email, to: newEmail } },
    ]);
    const record = (
      await ctx.app.inject({ method: 'GET', url: `/api/admin/members/${member.id}`, headers: adminHeaders })
    ).json();
    expect(record).toMatchObject({ email: newEmail, emailConfirmed: true, pendingEmail: null });

    const again = await confirm(tokenOf(link!.links[0]!));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This link is not valid or has expired. Ask us to correct your email again.',
    );
    member.email = newEmail;
  });

  it('a newer correction ends the earlier link; an address another account uses, or no change at all, is refused', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const base = {
      fullName: 'Chinedu Okafor',
      phone: '08031234567',
      reason: 'Typing mistake on the first try',
    };
    expect((await correct(member.id, { ...base, email: first })).statusCode).toBe(200);
    expect((await correct(member.id, { ...base, email: second })).statusCode).toBe(200);
    const [firstLink] = await mailsTo(ctx.app, first);
    expect((await confirm(tokenOf(firstLink!.links[0]!))).statusCode).toBe(400);
    const [secondLink] = await mailsTo(ctx.app, second);
    expect((await confirm(tokenOf(secondLink!.links[0]!))).statusCode).toBe(200);
    member.email = second;

    const other = await createTestAccount(ctx.app, { programme: 'main' });
    const taken = await correct(member.id, { ...base, email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Another account of this programme already uses this email address.');
    const same = await correct(member.id, { ...base, email: member.email });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(
      'Nothing to correct: the name, phone and email are as they are on the record.',
    );
    const invalid = await correct(member.id, { ...base, email: 'not an email', phone: '123' });
    expect(invalid.statusCode).toBe(400);
    const byMember = await correct(
      member.id,
      { ...base, fullName: 'Someone Else', email: member.email },
      await signInAs(ctx.app, other.id),
    );
    expect(byMember.statusCode).toBe(403);
  });
});
