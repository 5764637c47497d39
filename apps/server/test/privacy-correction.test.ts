import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { logIn, mailsTo, someAddress, tokenOf, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const PASSWORD = 'member password 1';

describeEachDatabase('a member corrects their own name, phone, address and email', (database) => {
  const ctx = useTestApp(database);
  let member: { id: string; email: string };
  let headers: Record<string, string>;

  beforeAll(async () => {
    member = await createTestAccount(ctx.app, {
      programme: 'welcomeback',
      fullName: 'Amaka Nwosu',
      email: uniqueEmail('amaka'),
      password: PASSWORD,
    });
    headers = await signInAs(ctx.app, member.id);
  });

  const correct = (payload: Record<string, string>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/me/details', headers, payload });
  const current = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/me/details', headers })).json();
  const audit = (action: string) =>
    queryRows<{ actor_account_id: string; details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select actor_account_id, details from audit_log where action = ${action} and target_account_id = ${member.id} order by id`,
    );
  const register = () =>
    queryRows<{
      kind: string;
      source: string;
      status: string;
      details: string;
      answer: string;
      due_at: Date | string;
      received_at: Date | string;
    }>(
      ctx.app.db,
      sql`select kind, source, status, details, answer, due_at, received_at from privacy_requests where account_id = ${member.id} order by id`,
    );

  it('the name, phone and address change at once, audited, told at the address on file and entered in the register', async () => {
    const before = await current();
    expect(before).toMatchObject({
      fullName: 'Amaka Nwosu',
      phone: '08030000000',
      email: member.email,
      pendingEmail: null,
    });
    const res = await correct({
      fullName: 'Amaka Nwosu-Obi',
      phone: '08091234567',
      address: '12 Allen Avenue, Ikeja, Lagos',
      email: member.email,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message:
        'Your name, phone number and address are changed. A notice went to your email address on file.',
      details: {
        fullName: 'Amaka Nwosu-Obi',
        phone: '08091234567',
        address: '12 Allen Avenue, Ikeja, Lagos',
        email: member.email,
        pendingEmail: null,
      },
    });
    expect(await audit('member_details_corrected')).toMatchObject([
      {
        actor_account_id: member.id,
        details: {
          by: 'member',
          changes: [
            { field: 'fullName', from: 'Amaka Nwosu', to: 'Amaka Nwosu-Obi' },
            { field: 'phone', from: '08030000000', to: '08091234567' },
            { field: 'address', to: '12 Allen Avenue, Ikeja, Lagos' },
          ],
        },
      },
    ]);
    const [mail] = await mailsTo(ctx.app, member.email);
    expect(mail!.subject).toBe('Your details were corrected');
    expect(mail!.text).toContain(
      'You corrected your name to Amaka Nwosu-Obi and your phone number to 08091234567 and your address to 12 Allen Avenue, Ikeja, Lagos on your Welcome Back platform account.',
    );
    const [entry] = await register();
    expect(entry).toMatchObject({
      kind: 'correction',
      source: 'platform',
      status: 'answered',
      details: 'Corrected in the member area: name, phone number, address',
      answer: 'Done at once.',
    });
    // Due one calendar month after it was received, as every request.
    const received = new Date(entry!.received_at);
    const due = new Date(entry!.due_at);
    expect(due.getUTCMonth()).toBe((received.getUTCMonth() + 1) % 12);
  });

  it('a new email waits for the link mailed to it; the old address is told, and the account changes only when it is followed', async () => {
    const newEmail = uniqueEmail('amaka-new');
    const res = await correct({
      fullName: 'Amaka Nwosu-Obi',
      phone: '08091234567',
      address: '12 Allen Avenue, Ikeja, Lagos',
      email: newEmail,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      `We sent a link to ${newEmail}: your email changes when you follow it. A notice went to your email address on file.`,
    );
    expect(res.json().details).toMatchObject({ email: member.email, pendingEmail: newEmail });
    const toOld = await mailsTo(ctx.app, member.email, 2);
    expect(toOld.find((m) => m.subject === 'A change of your email address was asked for')!.text).toContain(
      `You asked to change the email address of your Welcome Back platform account to ${newEmail}.`,
    );
    const [link] = await mailsTo(ctx.app, newEmail);
    expect(link!.subject).toBe('Confirm your new email address for the Welcome Back platform');
    expect(link!.text).toContain(
      `You asked to change the email address of your Welcome Back platform account to ${newEmail}. Please confirm`,
    );
    expect((await logIn(ctx.app, 'welcomeback', newEmail, PASSWORD)).statusCode).toBe(401);

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email-change',
      payload: { token: tokenOf(link!.links[0]!) },
      remoteAddress: someAddress(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await logIn(ctx.app, 'welcomeback', newEmail, PASSWORD)).statusCode).toBe(200);
    expect((await mailsTo(ctx.app, member.email, 3)).map((m) => m.subject)).toContain(
      'Your email address was changed',
    );
    expect(await audit('member_email_change_requested')).toMatchObject([
      { actor_account_id: member.id, details: { from: member.email, to: newEmail, by: 'member' } },
    ]);
    expect(await audit('member_email_changed')).toMatchObject([
      { details: { from: member.email, to: newEmail } },
    ]);
    expect((await register()).map((r) => r.details)).toContain(
      'Corrected in the member area: email (to ' + newEmail + ', waiting for its link)',
    );
    member.email = newEmail;
  });

  it('nothing changed, an invalid phone or an empty address is refused with a clear message', async () => {
    const same = await correct({
      fullName: 'Amaka Nwosu-Obi',
      phone: '08091234567',
      address: '12 Allen Avenue, Ikeja, Lagos',
      email: member.email,
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(
      'Nothing to correct: the name, phone, address and email are as they are on the record.',
    );
    const invalid = await correct({ fullName: 'Amaka', phone: '123', address: '', email: member.email });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Enter a valid address');
    const taken = await createTestAccount(ctx.app, { programme: 'welcomeback' });
    const clash = await correct({
      fullName: 'Amaka Nwosu-Obi',
      phone: '08091234567',
      address: '12 Allen Avenue, Ikeja, Lagos',
      email: taken.email,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Another account of this programme already uses this email address.');
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/me/details', payload: {} })).statusCode).toBe(
      401,
    );
  });
});
