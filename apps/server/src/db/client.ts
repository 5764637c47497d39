import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';
// Drizzle's node-postgres transactions leak their connection when it is lost before BEGIN: fixed there (decision 0042).
import './pg-transaction-fix';
import { checkDataDirWritable, dataDirProblem } from './data-dir-check';
import { listenWithReconnect, toldReadsOn } from './listen';
import { NamingClient } from './statement-names';
import type { DatabaseLog, Db } from './db-types';
import type { ToldReads } from './told-reads';
import { describeDatabaseError, isDatabaseUnavailable, retryWhileDatabaseUnavailable } from './unavailable';

export type { DatabaseLog, Db, Tx } from './db-types';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's address this was opened with: a thread of the platform's opens its own pool there (decision 0066). */
  url?: string;
  close(): Promise<void>;
  /** Calls `onNotify` for each NOTIFY on the channel (delivered at commit); resolves to a function that stops listening. */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  /** The hot signed-in reads, kept and told by the database (PostgreSQL; decision 0064). */
  toldReads?: ToldReads;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

const consoleLog: DatabaseLog = {
  info: (details, message) => console.info(message, JSON.stringify(details)),
  warn: (details, message) => console.warn(message, JSON.stringify(details)),
  error: (details, message) => console.error(message, JSON.stringify(details)),
};

/** PostgreSQL's per-session limits (decision 0042); 0 turns one off. */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 30_000,
  lockMs: 10_000,
  idleInTransactionMs: 60_000,
};

/** The platform gave up waiting for PostgreSQL at start: the message says where it looked (never the password) and what to do. */
export class DatabaseUnreachableError extends Error {}

/** host:port/database of a postgres:// URL, without the user or password, for messages and logs. */
export function databaseAddress(databaseUrl: string) {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the DATABASE_URL address';
  }
}

/**
 * Waits for PostgreSQL to answer, with growing waits (0.5 s doubling to 10 s) for at most `startTimeoutMs`, so a
 * platform started before its database (a host booting, a container started first) waits instead of dying. Only
 * "not reachable" waits: a wrong password or a missing database fails at once, as no wait will mend it.
 */
async function waitForPostgres(pool: pg.Pool, databaseUrl: string, startTimeoutMs: number, log: DatabaseLog) {
  const address = databaseAddress(databaseUrl);
  try {
    await retryWhileDatabaseUnavailable(() => pool.query('select 1'), {
      what: `the database at ${address}`,
      log,
      maxWaitMs: startTimeoutMs,
    });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    throw new DatabaseUnreachableError(
      `The database at ${address} did not answer within ${Math.round(startTimeoutMs / 1000)} s (${describeDatabaseError(error)}). ` +
        'Check that PostgreSQL is running and reachable from here and that DATABASE_URL names it; DATABASE_START_TIMEOUT_SECONDS sets how long the platform waits for it at start.',
    );
  }
}

function countStatements(client: object, methods: string[], onQuery: (query: string) => void) {
  const target = client as Record<string, (...args: unknown[]) => unknown>;
  for (const method of methods) {
    const original = target[method]!.bind(client);
    target[method] = (...args: unknown[]) => {
      const first = args[0];
      onQuery(typeof first === 'string' ? first : String((first as { text?: string }).text));
      return original(...args);
    };
  }
}

/**
 * Requests still running when the platform stops (their client went away, so the server's close did not wait for
 * them) finish their statements before the pool ends, instead of failing with "Cannot use a pool after calling
 * end". Idle means no connection checked out and none asked for, for 100 ms in a row; at most 10 s.
 */
export async function drainThenEnd(pool: pg.Pool) {
  const deadline = Date.now() + 10_000;
  let idleSince = Date.now();
  while (Date.now() < deadline) {
    const busy = pool.totalCount > pool.idleCount || pool.waitingCount > 0;
    if (busy) idleSince = Date.now();
    else if (Date.now() - idleSince >= 100) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await pool.end();
}

/**
 * Migrations on a connection of their own, without the pool's statement and lock limits: a migration may rewrite a
 * large table, and an instance starting beside another waits for the other's migration to finish.
 */
async function migratePostgres(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // a loss fails the migration's statement, which fails the start
  await client.connect();
  try {
    await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The pool every PostgreSQL statement of a thread goes through, with its limits and its handlers of lost connections:
 * the platform's (openDatabase, which also migrates and listens) and the settlement thread's (decision 0066).
 */
export function openPostgresPool(options: {
  databaseUrl: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
  log: DatabaseLog;
  onQuery?: (query: string) => void;
  /** What an operator sees in pg_stat_activity for these connections (the settlement thread names its own). */
  applicationName?: string;
}) {
  const { log } = options;
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const pool = new pg.Pool({
    // Statements sent again and again are prepared once per connection (decision 0065).
    Client: NamingClient,
    connectionString: options.databaseUrl,
    application_name: options.applicationName,
    max: options.poolSize ?? 10,
    // A database behind a cut network never refuses: without a limit a request would wait for a connection for ever.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    // Sent with each new connection, so every session of the pool has them (0 leaves PostgreSQL's own: off).
    statement_timeout: timeouts.statementMs || undefined,
    lock_timeout: timeouts.lockMs || undefined,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs || undefined,
  });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', (error) =>
    log.warn(
      { reason: describeDatabaseError(error) },
      'an idle database connection was closed by the server; the pool replaces it',
    ),
  );
  // A connection checked out (a transaction between two statements) has no listener of the pool's: its loss is
  // an 'error' event that would end the process. The statement in flight fails with it (the request answers 503)
  // and the pool drops the broken connection when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  if (options.onQuery) countStatements(pool, ['query'], options.onQuery);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { pool, db };
}

/**
 * One factory for both engines: node-postgres when a URL is given, otherwise PGlite in dataDir
 * (or in memory, for tests). Migrations run before the database is handed out.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** Where the kept reads' feed listens (DATABASE_LISTEN_URL): PostgreSQL itself, not a pooler; databaseUrl when not given. */
  listenUrl?: string;
  /** PostgreSQL connections at most (DATABASE_POOL_SIZE); 10 when not given. */
  poolSize?: number;
  /** How long to wait at start for PostgreSQL to answer (DATABASE_START_TIMEOUT_SECONDS); 60 s when not given. */
  startTimeoutMs?: number;
  /** PostgreSQL's statement, lock and idle-in-transaction limits on every pooled connection (not on migrations). */
  timeouts?: DatabaseTimeouts;
  /** Where connection losses and waits are logged (the app's logger); the console when not given. */
  log?: DatabaseLog;
  dataDir?: string;
  memory?: boolean;
  /** With memory: starts from this data folder (PGlite's dumpDataDir), so tests migrate once per run, not per database. */
  loadDataDir?: Blob;
  /** Called with each statement sent outside a transaction (tests count the round trips of a call). */
  onQuery?: (query: string) => void;
}): Promise<Database> {
  const log = options.log ?? consoleLog;
  if (options.databaseUrl) {
    const { pool, db } = openPostgresPool({ ...options, databaseUrl: options.databaseUrl, log });
    try {
      await waitForPostgres(pool, options.databaseUrl, options.startTimeoutMs ?? 60_000, log);
      await migratePostgres(options.databaseUrl);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const listeners = new Set<ReturnType<typeof listenWithReconnect>>();
    const listen = async (channel: string, onNotify: (payload?: string) => void) => {
      const listener = listenWithReconnect(pool, channel, onNotify, log);
      listeners.add(listener);
      // Not listening yet (the database is away): it keeps trying, and the caller polls meanwhile.
      if (!(await listener.connect())) listener.markLost();
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    };
    const told = await toldReadsOn(options.listenUrl ?? options.databaseUrl, log);
    const close = async () => {
      await Promise.all([...listeners].map((l) => l.stop()));
      await told.close();
      await drainThenEnd(pool);
    };
    return { db, kind: 'postgres', url: options.databaseUrl, close, listen, toldReads: told.reads };
  }
  let release = () => {};
  let client: PGlite;
  let dir: string | null = null;
  if (options.memory) {
    client = new PGlite({ loadDataDir: options.loadDataDir });
  } else {
    dir = path.resolve(options.dataDir ?? './data');
    // A read-only folder or a full disk is one clear message here, not a stack from inside PGlite.
    checkDataDirWritable(dir);
    try {
      release = acquireDataDirLock(dir);
    } catch (error) {
      throw dataDirProblem(dir, error) ?? error;
    }
    client = new PGlite(path.join(dir, 'pglite'));
  }
  try {
    await client.waitReady;
    if (options.onQuery) countStatements(client, ['query', 'exec'], options.onQuery);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      listen: async (channel: string, onNotify: (payload?: string) => void) => {
        const stop = await client.listen(channel, (payload) => onNotify(payload));
        return async () => {
          if (!client.closed) await stop();
        };
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    release();
    throw (dir && dataDirProblem(dir, error)) || error;
  }
}
