import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';

/**
 * Throwaway databases on a PostgreSQL server (the cluster scripts/pg-throwaway.sh starts, or any TEST_DATABASE_URL
 * or DATABASE_URL): one helper for the API tests, the process and browser tests and the benches.
 */
export interface ThrowawayDatabase {
  name: string;
  /** The server's URL with the new database's name in its path. */
  url: string;
  /** Drops the database, ending any connection still open on it. */
  drop(): Promise<void>;
}

async function asAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A new, empty database named `<prefix>_<random>` (the platform migrates it when it opens it), or a copy of
 * `template` (a database no one is connected to, e.g. one the test run migrated once: see test/global-setup.ts).
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  options: { prefix?: string; template?: string } = {},
): Promise<ThrowawayDatabase> {
  const name = `${options.prefix ?? 'test'}_${randomBytes(6).toString('hex')}`;
  const template = options.template ? ` TEMPLATE ${quoteIdent(options.template)}` : '';
  await asAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

export async function dropDatabase(serverUrl: string, name: string) {
  await asAdmin(serverUrl, (admin) =>
    admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  );
}

/** The platform's database on a throwaway PostgreSQL database (migrated on open, as the platform does), dropped when closed. */
export async function openThrowawayPostgres(
  serverUrl: string,
  options: { prefix?: string; template?: string } = {},
): Promise<Database> {
  const throwaway = await createThrowawayDatabase(serverUrl, options);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: throwaway.url });
  } catch (error) {
    await throwaway.drop();
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}
