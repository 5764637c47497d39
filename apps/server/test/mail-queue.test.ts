import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MailTransport } from '../src/adapters/mail';
import { smtpTransport } from '../src/adapters/mail/smtp';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { MAX_ATTEMPTS, SENDING_LEASE_MS } from '../src/modules/notifications/mail-worker';
import { createTestAccount, signInAs } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';
import { freePort } from './payments-kit';

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
}

describeEachDatabase('the mail queue when the mail server fails', (database) => {
  const received: string[][] = [];
  let greylisting = false;
  let smtp: SMTPServer;
  let app: App;
  let db: Database;
  // Real SMTP clients: one to a port where nothing listens (connection refused), one to the test's SMTP server.
  let current: MailTransport;
  const through: MailTransport = { kind: 'smtp', send: (mail) => current.send(mail) };
  let live: MailTransport;
  let dead: MailTransport;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('refused-'))
          return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
        // A mailbox that is busy for now (greylisting): this mail is tried again with growing waits.
        if (greylisting && address.address.startsWith('retry-'))
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        callback();
      },
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    live = smtpTransport(
      `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      'Cooperative <no-reply@coop.test>',
    );
    dead = smtpTransport(`smtp://127.0.0.1:${await freePort()}`, 'Cooperative <no-reply@coop.test>');
    db = await database.open();
    app = await buildApp(testConfig({ MAIL_WORKER: 'off' }), { database: db, mailer: through });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const rowFor = async (email: string) =>
    (
      await queryRows<Row>(
        app.db,
        sql`select status, attempts, last_error, next_attempt_at from mail_queue where to_address = ${email}`,
      )
    )[0]!;
  const signUp = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        fullName: 'Ngozi Retry',
        email,
        phone: '08031234567',
        address: '3 Awolowo Road, Lagos',
        password: 'a good password',
        confirmPassword: 'a good password',
        acceptTerms: true,
      },
    });

  it('retries with growing waits, gives up after the last attempt, shows the failure to administrators, and sends it once on retry', async () => {
    current = live;
    greylisting = true;
    const email = `retry-${Date.now()}@example.com`;
    expect((await signUp(email)).statusCode).toBe(201);
    let now = new Date();
    expect(await app.mailWorker.runOnce(now)).toBe(1);
    let row = await rowFor(email);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.last_error).toMatch(/451/);
    expect(new Date(row.next_attempt_at).getTime() - now.getTime()).toBe(60_000);
    // Not due yet: nothing is tried.
    expect(await app.mailWorker.runOnce(new Date(now.getTime() + 30_000))).toBe(0);
    const waits: number[] = [];
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      now = new Date(new Date(row.next_attempt_at).getTime() + 1);
      expect(await app.mailWorker.runOnce(now)).toBe(1);
      row = await rowFor(email);
      waits.push(new Date(row.next_attempt_at).getTime() - now.getTime());
    }
    expect(waits.slice(0, -1)).toEqual([5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000]);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await app.mailWorker.runOnce(new Date(now.getTime() + 365 * 24 * 3600_000))).toBe(0);

    const admin = await createTestAccount(app, { role: 'admin' });
    const headers = await signInAs(app, admin.id);
    const failed = await app.inject({ method: 'GET', url: '/api/admin/mails?status=failed', headers });
    expect(failed.statusCode).toBe(200);
    const listed = failed.json().items.find((m: { to: string }) => m.to === email);
    expect(listed).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      subject: 'Confirm your email address for the Main platform',
    });
    expect(listed.lastError).toMatch(/451/);
    const member = await createTestAccount(app);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/mails', headers: await signInAs(app, member.id) }))
        .statusCode,
    ).toBe(403);

    greylisting = false;
    const retried = await app.inject({ method: 'POST', url: `/api/admin/mails/${listed.id}/retry`, headers });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'queued', attempts: 0 });
    const again = await app.inject({ method: 'POST', url: `/api/admin/mails/${listed.id}/retry`, headers });
    expect(again.statusCode).toBe(409);
    const audit = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from audit_log where action = 'mail_retry' and actor_account_id = ${admin.id}`,
    );
    expect(audit[0]!.n).toBe(1);
    await app.mailWorker.drain();
    await app.mailWorker.drain();
    expect(received.filter((to) => to.includes(email))).toHaveLength(1);
    expect(await rowFor(email)).toMatchObject({ status: 'sent' });
    // The sent confirmation mail no longer holds its token.
    const [data] = await queryRows<{ data: unknown }>(
      app.db,
      sql`select data from mail_queue where to_address = ${email}`,
    );
    expect(data!.data).toEqual({});
  });

  it('holds a mail, its attempts uncounted, while the mail server refuses connections, and tries it each minute', async () => {
    current = dead;
    const email = `held-${Date.now()}@example.com`;
    expect((await signUp(email)).statusCode).toBe(201);
    const start = new Date();
    // Far past the point where six counted attempts would have given up (8 h 36 min): it still waits.
    for (let minute = 0; minute <= 600; minute += 10) {
      const now = new Date(start.getTime() + minute * 60_000);
      expect(await app.mailWorker.runOnce(now)).toBe(1);
      const row = await rowFor(email);
      expect(row).toMatchObject({ status: 'queued', attempts: 0 });
      expect(row.last_error).toMatch(/^The mail server could not be reached: .*ECONNREFUSED/);
      expect(new Date(row.next_attempt_at).getTime() - now.getTime()).toBe(60_000);
    }
    current = live;
    await app.mailWorker.drain(new Date(start.getTime() + 700 * 60_000));
    expect(received.filter((to) => to.includes(email))).toHaveLength(1);
    expect(await rowFor(email)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });

  it('fails at once, without retrying, when the mail server refuses the address', async () => {
    current = live;
    const email = `refused-${Date.now()}@example.com`;
    expect((await signUp(email)).statusCode).toBe(201);
    await app.mailWorker.drain();
    const row = await rowFor(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('550');
  });

  it('sends a mail whose claim outlived its lease (its instance died while sending) once the lease is over, and only then', async () => {
    current = live;
    const email = `orphan-${Date.now()}@example.com`;
    expect((await signUp(email)).statusCode).toBe(201);
    const claimedAt = new Date();
    // Claimed by an instance that died before it could send or record anything.
    await app.db.execute(
      sql`update mail_queue set status = 'sending', attempts = 1, claimed_at = ${claimedAt}, claimed_by = 'gone'
          where to_address = ${email}`,
    );
    const at = (ms: number) => new Date(claimedAt.getTime() + ms);
    expect(await app.mailWorker.runOnce(at(60_000))).toBe(0);
    expect(await rowFor(email)).toMatchObject({ status: 'sending', attempts: 1 });
    // The worker looks for expired claims once a minute: at the latest a minute after the 5-minute lease.
    await app.mailWorker.drain(at(SENDING_LEASE_MS + 60_000));
    expect(received.filter((to) => to.includes(email))).toHaveLength(1);
    expect(await rowFor(email)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });
});
