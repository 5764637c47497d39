import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { DatabaseUnreachableError, openDatabase, type Database, type DatabaseLog } from '../src/db/client';
import {
  checkDataDirWritable,
  DataDirUnusableError,
  dataDirProblem,
  MIN_FREE_BYTES,
  type DataDirProbe,
} from '../src/db/data-dir-check';
import { queryRows } from '../src/db/rows';
import { scheduledJobs } from '../src/db/schema';
import { backoffDelayMs, isDatabaseUnavailable, retryWhileDatabaseUnavailable } from '../src/db/unavailable';
import type { PaymentProvider, TransferState } from '../src/adapters/payments';
import { startPayoutRun } from '../src/modules/payouts/run-payout';
import { errorsPlugin, UNAVAILABLE_MESSAGE } from '../src/plugins/errors';
import { createTestAccount } from './accounts-kit';
import { testConfig, useTestApp } from './app';
import { relayInFront, type DatabaseCut } from './database-cut';
import { describeEachDatabase } from './databases';
import { fundWallet, saveBankDetails } from './payouts-test-kit';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-postgres';

/** Decision 0042: what the platform does when its database goes away, comes back, or is not there yet. */

const errorWith = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), fields);

describe('a database fault answers 503 with Retry-After and a plain message', () => {
  const app = Fastify({ logger: false });
  const faults: Record<string, () => Error> = {
    refused: () => errorWith('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
    'admin shutdown': () =>
      errorWith('terminating connection due to administrator command', { code: '57P01' }),
    'starting up': () => errorWith('the database system is starting up', { code: '57P03' }),
    terminated: () => new Error('Connection terminated unexpectedly'),
    'connection failure': () => errorWith('server closed the connection', { code: '08006' }),
    // Drizzle's query error keeps the driver's error as its cause; Node's connect to two addresses gives an AggregateError.
    'wrapped by drizzle': () =>
      new Error('Failed query: select 1', { cause: errorWith('Connection terminated unexpectedly') }),
    'both addresses refused': () =>
      Object.assign(
        new AggregateError([errorWith('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })], ''),
        { code: 'ECONNREFUSED' },
      ),
    'statement timeout': () => errorWith('canceling statement due to statement timeout', { code: '57014' }),
    'lock timeout': () => errorWith('canceling statement due to lock timeout', { code: '55P03' }),
  };
  beforeAll(async () => {
    await app.register(errorsPlugin);
    for (const [name, make] of Object.entries(faults))
      app.get(`/${name.replace(/ /g, '-')}`, async () => Promise.reject(make()));
    app.get('/bug', async () => Promise.reject(new TypeError('x is not a function')));
    app.get('/unique', async () =>
      Promise.reject(errorWith('duplicate key value violates unique constraint', { code: '23505' })),
    );
  });
  afterAll(() => app.close());

  for (const name of Object.keys(faults))
    it(`${name}: 503, Retry-After, the one error shape and nothing of the cause`, async () => {
      const res = await app.inject({ method: 'GET', url: `/${name.replace(/ /g, '-')}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const body = res.json();
      expect(body).toEqual({ message: UNAVAILABLE_MESSAGE, requestId: expect.any(String) });
      expect(res.body).not.toMatch(/ECONNREFUSED|57P0|terminated|timeout|5432|statement/i);
    });

  it('a fault of the code or the data stays a 500 without Retry-After', async () => {
    for (const url of ['/bug', '/unique']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
    }
    expect(isDatabaseUnavailable(errorWith('duplicate key', { code: '23505' }))).toBe(false);
  });
});

describe('work that waits for the database to come back', () => {
  const refused = () => errorWith('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' });
  const quiet = { warn: () => {}, info: () => {} };

  it('is done again after growing waits while the database is unreachable, told that it is a repeat', async () => {
    const slept: number[] = [];
    const repeats: boolean[] = [];
    const result = await retryWhileDatabaseUnavailable(
      async (repeat) => {
        repeats.push(repeat);
        if (repeats.length < 4) throw refused();
        return 'done';
      },
      { what: 'test', log: quiet, maxWaitMs: 60_000, sleep: async (ms) => void slept.push(ms) },
    );
    expect(result).toBe('done');
    expect(repeats).toEqual([false, true, true, true]);
    expect(slept).toEqual([500, 1000, 2000]);
    expect(backoffDelayMs(20)).toBe(10_000);
  });

  it('throws at once any other error, and the last one past its limit or when told to stop', async () => {
    let calls = 0;
    const bug = new TypeError('x is not a function');
    await expect(
      retryWhileDatabaseUnavailable(async () => Promise.reject(((calls += 1), bug)), {
        what: 'test',
        log: quiet,
        maxWaitMs: 60_000,
      }),
    ).rejects.toBe(bug);
    expect(calls).toBe(1);
    const waits: number[] = [];
    let clock = 0;
    let tries = 0;
    await expect(
      retryWhileDatabaseUnavailable(async () => Promise.reject(((tries += 1), refused())), {
        what: 'test',
        log: quiet,
        maxWaitMs: 3_000,
        now: () => clock,
        sleep: async (ms) => void (waits.push(ms), (clock += ms)),
      }),
    ).rejects.toSatisfy(isDatabaseUnavailable);
    // 0.5 s, 1 s, then the 1.5 s left of the 3 s (not the 2 s the backoff asks), and a last try at the limit.
    expect(waits).toEqual([500, 1000, 1500]);
    expect(tries).toBe(4);
    let stopping = false;
    tries = 0;
    await expect(
      retryWhileDatabaseUnavailable(
        async () => {
          tries += 1;
          stopping = true;
          throw refused();
        },
        { what: 'test', log: quiet, maxWaitMs: 60_000, shouldStop: () => stopping, sleep: async () => {} },
      ),
    ).rejects.toSatisfy(isDatabaseUnavailable);
    expect(tries).toBe(1);
  });
});

describeEachDatabase('liveness and readiness', (engine) => {
  const ctx = useTestApp(engine);

  it('liveness and readiness answer 200, and the old health check still does', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({
      status: 'live',
    });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: engine.name });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: engine.name,
    });
  });

  it('readiness answers 503 while the database lacks a migration of this version, and 200 once it has it', async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      ctx.app.db,
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await ctx.app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        message: 'The database has not been migrated to this version yet.',
        code: 'migrations_behind',
      });
      // Liveness does not care: restarting the process would not migrate a database another instance owns.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await ctx.app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${Number(newest!.created_at)})`,
      );
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

/** Log lines as the database layer writes them, kept as text so a test can look for what must not be there. */
function captureLog() {
  const lines: string[] = [];
  const log: DatabaseLog = {
    info: (details, message) => void lines.push(`info ${message} ${JSON.stringify(details)}`),
    warn: (details, message) => void lines.push(`warn ${message} ${JSON.stringify(details)}`),
    error: (details, message) => void lines.push(`error ${message} ${JSON.stringify(details)}`),
  };
  return { lines, log };
}

/** With a password in the URL: trust authentication ignores it, and no log line or message may repeat it. */
const PASSWORD = 'not-in-any-log-9f3k';
const withPassword = (url: string) => {
  const u = new URL(url);
  u.username = 'postgres';
  u.password = PASSWORD;
  return u.toString();
};

async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  withinMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  `PostgreSQL going away and coming back${serverUrl ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`,
  () => {
    let throwaway: ThrowawayDatabase;
    let relay: DatabaseCut;
    let database: Database;
    let app: App;
    const { lines, log } = captureLog();

    beforeAll(async () => {
      throwaway = await createThrowawayDatabase(serverUrl!, {
        prefix: 'faults',
        template: inject('postgresTemplate'),
      });
      relay = await relayInFront(withPassword(throwaway.url));
      database = await openDatabase({ databaseUrl: relay.url, log });
      app = await buildApp(testConfig(), { database });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      // Closing ends the pool once every connection is back: a connection leaked by a lost transaction would hang here.
      await database?.close();
      await relay?.close();
      await throwaway?.drop();
    });

    it('sets the statement, lock and idle-in-transaction limits on the pool', async () => {
      const [row] = await queryRows<{ statement: string; lock: string; idle: string }>(
        app.db,
        sql`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock, current_setting('idle_in_transaction_session_timeout') as idle`,
      );
      expect(row).toEqual({ statement: '30s', lock: '10s', idle: '1min' });
    });

    it(
      'survives the cut, answers 503 meanwhile, and listens again with one look for what was missed',
      { timeout: 60_000 },
      async () => {
        let notified = 0;
        const stop = await database.listen('faults_test', () => void (notified += 1));
        try {
          await app.db.execute(sql`notify faults_test`);
          await until(
            'the first notification',
            async () => notified,
            (n) => n === 1,
          );

          await relay.cut();
          // The LISTEN connection's loss is an 'error' event: unhandled, it would end this process (and fail the run).
          await until(
            'the listener noticing the loss',
            async () => lines.some((l) => l.includes('listening for notifications was lost')),
            Boolean,
          );

          expect((await app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({
            status: 'live',
          });
          const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
          expect(ready.statusCode).toBe(503);
          expect(ready.headers['retry-after']).toBe('5');
          expect(ready.json()).toEqual({
            message: 'The database is not answering.',
            code: 'database_unreachable',
          });
          const login = await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'ada@example.com', password: 'a password of hers' },
          });
          expect(login.statusCode).toBe(503);
          expect(login.headers['retry-after']).toBe('5');
          expect(login.json()).toEqual({ message: UNAVAILABLE_MESSAGE, requestId: expect.any(String) });

          await relay.restore();
          await until(
            'readiness after the return',
            async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode,
            (s) => s === 200,
          );
          expect(
            (
              await app.inject({
                method: 'POST',
                url: '/api/auth/login',
                payload: { email: 'ada@example.com', password: 'a password of hers' },
              })
            ).statusCode,
          ).toBe(401);
          // Listening again: one look for whatever was notified while nobody listened, then each NOTIFY as before.
          await until(
            'the look after listening again',
            async () => notified,
            (n) => n === 2,
          );
          expect(lines.some((l) => l.includes('listening for notifications again'))).toBe(true);
          await app.db.execute(sql`notify faults_test`);
          await until(
            'a notification after the return',
            async () => notified,
            (n) => n === 3,
          );
        } finally {
          await stop();
        }
        expect(lines.join('\n')).not.toContain(PASSWORD);
      },
    );

    it(
      'a payout run cut by the outage sends on once the database answers, asking the provider first, and pays once',
      { timeout: 60_000 },
      async () => {
        const member = await createTestAccount(app, { fullName: 'Ngozi Payee' });
        await saveBankDetails(app.db, member.id, { accountNumber: '0123456789' });
        await fundWallet(app.db, 'main', member.id, 250_000);
        // The provider as Paystack behaves: a transfer it accepted is found by its reference afterwards. The database goes
        // away right after the provider accepted the transfer, before the platform could record it.
        const sent = new Map<string, TransferState>();
        const provider = {
          ...app.payments,
          keyMode: app.payments.keyMode,
          createTransferRecipient: async () => ({ recipientCode: 'RCP_faults_test' }),
          initiateTransfer: async (input: { amountKobo: number; reference: string }) => {
            const state = {
              reference: input.reference,
              status: 'success',
              transferCode: `TRF_${sent.size + 1}`,
              amountKobo: input.amountKobo,
            };
            sent.set(input.reference, state);
            await relay.cut();
            setTimeout(() => void relay.restore(), 1_500).unref();
            return state;
          },
          verifyTransfer: async (reference: string) => sent.get(reference) ?? { found: false as const },
        } as PaymentProvider;
        let background: Promise<unknown> = Promise.resolve();
        const progress = await startPayoutRun(
          {
            db: app.db,
            provider,
            minimumKobo: 100_000,
            reasonPrefix: 'Test payout',
            inBackground: (_name, work) => void (background = work()),
            log: { warn: log.warn, info: log.info },
          },
          { programme: 'main', period: '2026-10', mode: 'transfer', adminId: null },
        );
        expect(progress.reserved).toBe(1);
        await background;
        expect(sent.size, 'transfers sent to the provider').toBe(1);
        const payouts = await queryRows<{ status: string; amount_kobo: string }>(
          app.db,
          sql`select status, amount_kobo::text from payouts where account_id = ${member.id}`,
        );
        expect(payouts).toEqual([{ status: 'success', amount_kobo: '250000' }]);
        expect(lines.some((l) => l.includes(`payout`) && l.includes('waiting to try again'))).toBe(true);
      },
    );

    it(
      'a job cut short by the outage runs again as soon as the database answers, not a period later',
      { timeout: 60_000 },
      async () => {
        let runs = 0;
        app.jobs.add({
          name: 'faults-test-job',
          everyMs: 24 * 3600_000,
          run: async () => {
            runs += 1;
            if (runs === 1) await relay.cut();
            await app.db.execute(sql`select 1`);
          },
        });
        await expect(app.jobs.runDue()).rejects.toSatisfy(isDatabaseUnavailable);
        expect(runs).toBe(1);
        await relay.restore();
        await until(
          'the job ran again',
          async () => (await app.jobs.runDue(), runs),
          (n) => n === 2,
        );
        const [row] = await app.db
          .select()
          .from(scheduledJobs)
          .where(sql`${scheduledJobs.name} = 'faults-test-job'`);
        expect(row).toMatchObject({ runs: 2, lastError: null });
        expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
      },
    );
  },
);

describe.skipIf(!serverUrl)(
  `a platform started before its database${serverUrl ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`,
  () => {
    let throwaway: ThrowawayDatabase;
    beforeAll(async () => {
      throwaway = await createThrowawayDatabase(serverUrl!, {
        prefix: 'faults_start',
        template: inject('postgresTemplate'),
      });
    });
    afterAll(() => throwaway?.drop());

    it('waits, logging each try, and opens once the database answers', { timeout: 60_000 }, async () => {
      const relay = await relayInFront(withPassword(throwaway.url), { listening: false });
      const { lines, log } = captureLog();
      try {
        const opening = openDatabase({ databaseUrl: relay.url, log, startTimeoutMs: 30_000 });
        await until(
          'a logged wait',
          async () => lines.filter((l) => l.includes('waiting to try again')).length,
          (n) => n >= 2,
        );
        await relay.restore();
        const database = await opening;
        expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
        await database.close();
        expect(lines.some((l) => l.includes('the database answers again'))).toBe(true);
        expect(lines.join('\n')).not.toContain(PASSWORD);
      } finally {
        await relay.close();
      }
    });

    it(
      'gives up after DATABASE_START_TIMEOUT_SECONDS with one message naming the address, not the password',
      { timeout: 30_000 },
      async () => {
        const relay = await relayInFront(withPassword(throwaway.url), { listening: false });
        const started = Date.now();
        const failure = await openDatabase({
          databaseUrl: relay.url,
          log: captureLog().log,
          startTimeoutMs: 2_000,
        }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(DatabaseUnreachableError);
        const message = (failure as Error).message;
        expect(message).toContain(`127.0.0.1:${relay.port}/${throwaway.name}`);
        expect(message).toContain('DATABASE_START_TIMEOUT_SECONDS');
        expect(message).not.toContain(PASSWORD);
        expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
        expect(Date.now() - started).toBeLessThan(10_000);
      },
    );

    it('fails at once when no wait can help (the database does not exist)', async () => {
      const url = new URL(serverUrl!);
      url.pathname = '/no_such_database_here';
      const started = Date.now();
      const failure = await openDatabase({
        databaseUrl: url.toString(),
        log: captureLog().log,
        startTimeoutMs: 30_000,
      }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(DatabaseUnreachableError);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  },
);

describe('the settings of database faults', () => {
  it('default to a 60 s start wait and 30 s / 10 s / 60 s limits, each settable', () => {
    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect(defaults.databaseStartTimeoutMs).toBe(60_000);
    expect(defaults.databaseTimeouts).toEqual({
      statementMs: 30_000,
      lockMs: 10_000,
      idleInTransactionMs: 60_000,
    });
    const set = loadConfig({
      NODE_ENV: 'test',
      DATABASE_START_TIMEOUT_SECONDS: '5',
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '0',
      DATABASE_LOCK_TIMEOUT_SECONDS: '3',
      DATABASE_IDLE_IN_TRANSACTION_SECONDS: '120',
    });
    expect(set.databaseStartTimeoutMs).toBe(5_000);
    expect(set.databaseTimeouts).toEqual({ statementMs: 0, lockMs: 3_000, idleInTransactionMs: 120_000 });
    expect(() => loadConfig({ DATABASE_START_TIMEOUT_SECONDS: 'soon' })).toThrow(
      /^Invalid environment variable DATABASE_START_TIMEOUT_SECONDS/,
    );
  });
});

describe('an embedded database folder that cannot be written', () => {
  const dir = path.join(tmpdir(), 'coop-data-check');
  const probe = (fault: Partial<DataDirProbe>): DataDirProbe => ({
    makeDir: () => {},
    writeProbe: () => {},
    removeProbe: () => {},
    freeBytes: () => MIN_FREE_BYTES * 2,
    ...fault,
  });
  const failing = (code: string) => () => {
    throw Object.assign(new Error(`${code}: operation failed, open '${dir}/.write-check'`), { code });
  };

  it('read-only: one message naming the folder and what to do', () => {
    for (const code of ['EROFS', 'EACCES']) {
      const check = () => checkDataDirWritable(dir, probe({ writeProbe: failing(code) }));
      expect(check).toThrow(DataDirUnusableError);
      expect(check).toThrow(`The data folder ${dir} cannot be written`);
      expect(check).toThrow('set DATA_DIR to a folder it can write');
    }
  });

  it('a full disk, or one with almost no room left: one message naming the folder and what to do', () => {
    for (const fault of [
      probe({ writeProbe: failing('ENOSPC') }),
      probe({ freeBytes: () => MIN_FREE_BYTES - 1 }),
    ]) {
      expect(() => checkDataDirWritable(dir, fault)).toThrow(
        `The disk holding the data folder ${dir} is full`,
      );
      expect(() => checkDataDirWritable(dir, fault)).toThrow('Free space on that disk');
    }
  });

  it('an error of PGlite itself that names the cause is turned into the same message; others are left as they are', () => {
    expect(
      dataDirProblem(dir, new Error('Aborted(). Error: ENOSPC: no space left on device, write'))?.message,
    ).toContain('is full');
    expect(dataDirProblem(dir, new Error('read-only file system'))?.message).toContain('cannot be written');
    expect(dataDirProblem(dir, new Error('relation "x" does not exist'))).toBeNull();
  });

  it('a writable folder with room opens as before', async () => {
    const real = mkdtempSync(path.join(tmpdir(), 'coop-data-check-'));
    expect(() => checkDataDirWritable(real)).not.toThrow();
  });

  it('for real: a small disk, then the same disk read-only (a tmpfs; skipped where mounting is not allowed)', async (context) => {
    const disk = mkdtempSync(path.join(tmpdir(), 'coop-small-disk-'));
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', disk]).status !== 0) {
      rmSync(disk, { recursive: true, force: true });
      return context.skip('mounting a tmpfs is not allowed here (needs root and CAP_SYS_ADMIN)');
    }
    try {
      await expect(openDatabase({ dataDir: path.join(disk, 'data') })).rejects.toThrow(
        `The disk holding the data folder ${path.join(disk, 'data')} is full`,
      );
      expect(spawnSync('mount', ['-o', 'remount,ro', disk]).status).toBe(0);
      await expect(openDatabase({ dataDir: path.join(disk, 'data') })).rejects.toThrow(
        'cannot be written (the disk is mounted read-only)',
      );
      // A folder not made yet on the read-only disk: the same message, not Node's ENOENT of a recursive mkdir.
      await expect(openDatabase({ dataDir: path.join(disk, 'new', 'data') })).rejects.toThrow(
        'cannot be written (the disk is mounted read-only)',
      );
    } finally {
      spawnSync('umount', [disk]);
      rmSync(disk, { recursive: true, force: true });
    }
  });

  it.skipIf(process.getuid?.() === 0)(
    'a folder the platform may not write, for real (skipped as root, who may write anywhere)',
    async () => {
      const { chmodSync } = await import('node:fs');
      const real = mkdtempSync(path.join(tmpdir(), 'coop-data-ro-'));
      chmodSync(real, 0o555);
      await expect(openDatabase({ dataDir: real })).rejects.toThrow(
        `The data folder ${real} cannot be written`,
      );
    },
  );
});
