import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { mailsTo, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const HOUR = 3_600_000;

describeEachDatabase('the operator’s registers of members’ requests and breaches', (database) => {
  const ctx = useTestApp(database);
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada Admin' });
    adminHeaders = await signInAs(ctx.app, admin.id);
  });

  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url: `/api/admin/privacy/${url}`, headers: adminHeaders, payload });
  const requests = async () => (await admin('GET', 'requests')).json().items as Record<string, unknown>[];

  it('requests the platform receives (a download, an erasure request) are entered by themselves, due a month later', async () => {
    const member = await createTestAccount(ctx.app, {
      fullName: 'Bola Register',
      email: uniqueEmail('bola'),
    });
    const headers = await signInAs(ctx.app, member.id);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me/data/download?programme=main', headers }))
        .statusCode,
    ).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/me/erasure', headers })).statusCode).toBe(200);
    // Asking twice is one request in the register.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/me/erasure', headers })).statusCode).toBe(200);

    const mine = (await requests()).filter((r) => r.accountId === member.id);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'erasure',
        source: 'platform',
        status: 'received',
        requester: `Bola Register <${member.email}>`,
        programme: 'main',
        overdue: false,
        answeredAt: null,
      }),
      expect.objectContaining({
        kind: 'portability',
        source: 'platform',
        status: 'answered',
        details: 'My Data download',
        answer: 'Downloaded at once from My Data.',
      }),
    ]);
    const erasure = mine[0]!;
    const received = new Date(erasure.receivedAt as string);
    const expected = new Date(received);
    expected.setUTCMonth(received.getUTCMonth() + 1);
    // Same day next month (this test runs on no month's 29th to 31st, where the last day of the shorter month applies).
    if (received.getUTCDate() <= 28) expect(erasure.dueAt).toBe(expected.toISOString());
  });

  it('the operator enters a request received by mail, with its due date, answers it, and an open one past its date is overdue', async () => {
    const member = await createTestAccount(ctx.app, {
      fullName: 'Chidi Letter',
      email: uniqueEmail('chidi'),
    });
    const entered = await admin('POST', 'requests', {
      kind: 'objection',
      requester: 'Chidi Letter, by letter',
      accountEmail: member.email.toUpperCase(),
      receivedAt: '2027-01-31T09:00:00.000Z',
      details: 'Objects to the fraud checks on his sign-up',
    });
    expect(entered.statusCode, entered.body).toBe(200);
    let [row] = (await requests()).filter((r) => r.accountId === member.id);
    expect(row).toMatchObject({
      kind: 'objection',
      source: 'operator',
      status: 'received',
      receivedAt: '2027-01-31T09:00:00.000Z',
      dueAt: '2027-02-28T09:00:00.000Z',
      overdue: false,
    });

    const old = await admin('POST', 'requests', {
      kind: 'restriction',
      requester: 'Someone without an account',
      receivedAt: '2026-01-05T10:00:00Z',
      details: '',
    });
    expect(old.statusCode).toBe(200);
    const overdue = (await requests()).find((r) => r.requester === 'Someone without an account')!;
    expect(overdue).toMatchObject({ accountId: null, dueAt: '2026-02-05T10:00:00.000Z', overdue: true });

    const answered = await admin('PUT', `requests/${row!.id}`, {
      status: 'answered',
      answer: 'Explained the legitimate interest; the checks stay.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    [row] = (await requests()).filter((r) => r.accountId === member.id);
    expect(row).toMatchObject({
      status: 'answered',
      answer: 'Explained the legitimate interest; the checks stay.',
      overdue: false,
    });
    expect(row!.answeredAt).not.toBeNull();

    const unknown = await admin('POST', 'requests', {
      kind: 'access',
      requester: 'X',
      accountEmail: 'nobody-here@example.com',
      receivedAt: '2026-11-01T10:00:00Z',
      details: '',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'No account uses this email address. Leave it empty if the person has no account.',
    );
    expect((await admin('PUT', 'requests/999999', { status: 'answered', answer: '' })).statusCode).toBe(404);
    const [audits] = await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from audit_log where action in ('privacy_request_entered', 'privacy_request_answered')`,
    );
    expect(audits!.n).toBe(3);
  });

  it('a breach shows the 72-hour deadline and the time left; the affected members are mailed the notice through the queue, audited', async () => {
    // Half an hour inside the 71st hour, so that "1 hour left" holds whichever clock (the server's or the database's) says now.
    const foundAt = new Date(Date.now() - 70.5 * HOUR);
    const recorded = await admin('POST', 'breaches', {
      foundAt: foundAt.toISOString(),
      what: 'A laptop with an export of payouts was stolen from the office.',
      dataKinds: 'names, bank names and the last 4 digits of account numbers',
      membersAffected: 2,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const breach = recorded.json();
    expect(breach.commissionDeadline).toBe(new Date(foundAt.getTime() + 72 * HOUR).toISOString());
    expect(breach.timeLeft).toMatchObject({ overdue: false, hours: 1 });
    expect(breach.commissionToldAt).toBeNull();

    const one = await createTestAccount(ctx.app, { fullName: 'Efe Affected', email: uniqueEmail('efe') });
    const two = await createTestAccount(ctx.app, {
      programme: 'welcomeback',
      fullName: 'Funmi Affected',
      email: uniqueEmail('funmi'),
    });
    const told = await admin('POST', `breaches/${breach.id}/notify`, {
      emails: `${one.email}\n${two.email.toUpperCase()}, not-a-member@example.com`,
      whatWeDid: 'We reported the theft to the police and changed every password of the office.',
      whatToDo: 'Watch your bank account for payments you do not know, and tell your bank.',
    });
    expect(told.statusCode, told.body).toBe(200);
    expect(told.json().message).toBe(
      'The notice is on its way to 2 members. 1 address matched no member: check it below.',
    );
    expect(told.json().unknown).toEqual(['not-a-member@example.com']);
    expect(told.json().breach).toMatchObject({ membersMailed: 2 });
    expect(told.json().breach.membersToldAt).not.toBeNull();
    const [mail] = await mailsTo(ctx.app, two.email);
    expect(mail!.subject).toBe('Important: your personal data on the Welcome Back platform');
    expect(mail!.text).toContain('Dear Funmi Affected,');
    expect(mail!.text).toContain(
      'What happened: A laptop with an export of payouts was stolen from the office.',
    );
    expect(mail!.text).toContain('What you should do: Watch your bank account');
    expect((await mailsTo(ctx.app, one.email))[0]!.subject).toBe(
      'Important: your personal data on the Main platform',
    );

    const commission = await admin('PUT', `breaches/${breach.id}`, {
      commissionToldAt: new Date().toISOString(),
    });
    expect(commission.statusCode).toBe(200);
    expect(commission.json()).toMatchObject({ timeLeft: null });
    const [listed] = (await admin('GET', 'breaches')).json().items;
    expect(listed).toMatchObject({ id: breach.id, membersAffected: 2, membersMailed: 2 });
    expect(listed.commissionToldAt).not.toBeNull();

    const late = await admin('POST', 'breaches', {
      foundAt: new Date(Date.now() - 80 * HOUR).toISOString(),
      what: 'Found late',
      dataKinds: 'emails',
      membersAffected: 0,
    });
    expect(late.json().timeLeft).toMatchObject({ overdue: true, hours: 8 });
    const nobody = await admin('POST', `breaches/${breach.id}/notify`, {
      emails: 'nobody@example.com',
      whatWeDid: 'x',
      whatToDo: 'y',
    });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe('No member account uses this address: nothing was sent.');

    const actions = await queryRows<{ action: string; details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select action, details from audit_log where action like 'breach_%' order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'breach_recorded',
      'breach_members_told',
      'breach_commission_told',
      'breach_recorded',
    ]);
    expect(actions[1]!.details).toEqual({ breachId: breach.id, mailed: 2, unknown: 1 });
    expect(
      (
        await admin('POST', 'breaches', {
          foundAt: 'yesterday',
          what: '',
          dataKinds: '',
          membersAffected: -1,
        })
      ).statusCode,
    ).toBe(400);
  });
});
