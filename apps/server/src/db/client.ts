import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either so callers decide the transaction's extent. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Calls `onNotify` for each NOTIFY on the channel (delivered at commit); resolves to a function that stops listening. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

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
async function drainThenEnd(pool: pg.Pool) {
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
 * One factory for both engines: node-postgres when a URL is given, otherwise PGlite in dataDir
 * (or in memory, for tests). Migrations run before the database is handed out.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL connections at most (DATABASE_POOL_SIZE); 10 when not given. */
  poolSize?: number;
  dataDir?: string;
  memory?: boolean;
  /** With memory: starts from this data folder (PGlite's dumpDataDir), so tests migrate once per run, not per database. */
  loadDataDir?: Blob;
  /** Called with each statement sent outside a transaction (tests count the round trips of a call). */
  onQuery?: (query: string) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.warn(`A database connection was closed by the server: ${error.message}`));
    if (options.onQuery) countStatements(pool, ['query'], options.onQuery);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migratePg(db as never, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    const listen = async (channel: string, onNotify: () => void) => {
      // LISTEN holds its connection: one client of the pool is kept for it until the listener stops.
      const client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      return async () => {
        await client.query(`UNLISTEN "${channel.replace(/"/g, '')}"`).catch(() => {});
        client.release();
      };
    };
    return { db, kind: 'postgres', close: () => drainThenEnd(pool), listen };
  }
  let release = () => {};
  let client: PGlite;
  if (options.memory) {
    client = new PGlite({ loadDataDir: options.loadDataDir });
  } else {
    const dir = path.resolve(options.dataDir ?? './data');
    mkdirSync(dir, { recursive: true });
    release = acquireDataDirLock(dir);
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
      listen: async (channel: string, onNotify: () => void) => {
        const stop = await client.listen(channel, () => onNotify());
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
    throw error;
  }
}
