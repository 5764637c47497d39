import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MailTransport, OutgoingMail } from '../src/adapters/mail';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { enqueueMail } from '../src/modules/notifications/mail-queue';
import { prepareShutdown } from '../src/shutdown';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';

/** A promise with its resolve outside, for work the test lets finish when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * A stopping instance (SIGTERM, decision 0045): it refuses new connections, finishes what it has, and gives back
 * what it claimed (mails not yet sent, a job's period when the drain limit runs out) to the other instance.
 */
describeEachDatabase('an instance stopping (SIGTERM)', (engine) => {
  let database: Database;
  /** The other instance on the same database, which picks up what the stopping one gives back. */
  let other: App;

  beforeAll(async () => {
    database = await engine.open();
    other = await buildApp(testConfig({ MAIL_WORKER: 'off' }), { database });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await database?.close();
  });

  /** An instance listening on loopback with a slow route, as server.ts starts it. */
  const stoppingInstance = async (
    slow: Promise<void>,
    options: { mailer?: MailTransport; env?: Record<string, string> } = {},
  ) => {
    const app = await buildApp(testConfig({ MAIL_WORKER: 'off', ...options.env }), {
      database,
      mailer: options.mailer,
    });
    const arrived = gate();
    app.get('/test/slow', async () => {
      arrived.open();
      await slow;
      return { finished: true };
    });
    const drainAndClose = prepareShutdown(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      app,
      drainAndClose,
      arrived: arrived.opened,
      url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    };
  };

  it('refuses new connections at once and answers the request in flight before it closes', async () => {
    const slow = gate();
    const { drainAndClose, arrived, url } = await stoppingInstance(slow.opened);
    const inFlight = fetch(`${url}/test/slow`);
    await arrived;
    const stopping = drainAndClose(10_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A proxy's next attempt is refused (so nginx sends it to the other instance, whatever its method).
    const refused = await fetch(`${url}/api/health/live`).then(
      () => 'answered',
      (error: Error & { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    slow.open();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ finished: true });
    expect(await stopping).toEqual({ drained: true });
  });

  it('past the drain limit cuts the request and gives back the period of the job still running, which the other instance runs at once', async () => {
    const never = gate();
    const { app, drainAndClose, arrived, url } = await stoppingInstance(never.opened);
    const jobStarted = gate();
    const job = { name: 'shutdown-test-job', everyMs: 24 * 3600_000 };
    app.jobs.add({ ...job, run: () => (jobStarted.open(), never.opened) });
    let otherRan = 0;
    other.jobs.add({ ...job, run: async () => void (otherRan += 1) });
    const claimedAt = new Date();
    const tick = app.jobs.runDue(claimedAt);
    await jobStarted.opened;
    // Claimed by the stopping instance: not due for a day, so the other instance does not run it.
    expect(await other.jobs.runDue()).not.toContain(job.name);
    const cut = fetch(`${url}/test/slow`).then(
      (res) => res.status,
      () => 'cut',
    );
    await arrived;
    const outcome = await drainAndClose(600);
    expect(outcome).toEqual({ drained: false, cut: { connections: 1, jobs: [job.name] } });
    expect(await cut).toBe('cut');
    // Due again from the moment it was claimed: a tick at that very millisecond already runs it.
    expect(await other.jobs.runDue(claimedAt)).toContain(job.name);
    expect(otherRan).toBe(1);
    const [row] = await queryRows<{ runs: number; next_run_at: Date | string }>(
      database.db,
      sql`select runs, next_run_at from scheduled_jobs where name = ${job.name}`,
    );
    expect(Number(row!.runs)).toBe(2);
    expect(new Date(row!.next_run_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // What server.ts does next is exit; here the test lets the job end and closes what is left.
    never.open();
    await tick.catch(() => {});
    await app.close();
  });

  it('gives back the mails it claimed but has not sent, for the other instance to send now', async () => {
    const sending = gate();
    const release = gate();
    const sent: string[] = [];
    const mailer: MailTransport = {
      kind: 'outbox',
      async send(mail: OutgoingMail) {
        sending.open();
        await release.opened;
        sent.push(mail.to);
      },
    };
    const { app, drainAndClose } = await stoppingInstance(Promise.resolve(), { mailer });
    const addresses = ['first@example.com', 'second@example.com', 'third@example.com'];
    await database.db.transaction(async (tx) => {
      for (const to of addresses)
        await enqueueMail(tx, to, {
          template: 'confirm_email',
          data: { name: 'Ada', programme: 'main', token: 'x'.repeat(32) },
        });
    });
    const pass = app.mailWorker.runOnce();
    await sending.opened;
    const stopping = drainAndClose(10_000);
    // The mail already handed to the transport is finished and recorded; the two after it are given back.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release.open();
    expect(await pass).toBe(1);
    expect(await stopping).toEqual({ drained: true });
    expect(sent).toEqual(['first@example.com']);
    const rows = await queryRows<{
      to_address: string;
      status: string;
      attempts: number;
      claimed_by: string | null;
    }>(
      database.db,
      sql`select to_address, status, attempts, claimed_by from mail_queue where to_address in ('first@example.com', 'second@example.com', 'third@example.com') order by id`,
    );
    expect(rows.map((r) => ({ ...r, attempts: Number(r.attempts) }))).toEqual([
      { to_address: 'first@example.com', status: 'sent', attempts: 1, claimed_by: app.jobs.instance },
      { to_address: 'second@example.com', status: 'queued', attempts: 0, claimed_by: null },
      { to_address: 'third@example.com', status: 'queued', attempts: 0, claimed_by: null },
    ]);
    // The other instance sends them now, not after the five-minute lease.
    expect(await other.mailWorker.runOnce()).toBe(2);
    const left = await queryRows<{ status: string }>(
      database.db,
      sql`select status from mail_queue where to_address in ('second@example.com', 'third@example.com')`,
    );
    expect(left.map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});
