import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped when closed, so test files never share rows. */
async function openThrowawayPostgres(serverUrl: string): Promise<Database> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI provides one). */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: () => openDatabase({ memory: true }) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: 'postgres', open: () => openThrowawayPostgres(url) });
  return list;
}

/** Runs a suite once per database engine, titled with the engine's name so the output shows where it ran. */
export function describeEachDatabase(title: string, suite: (database: TestDatabase) => void) {
  for (const database of testDatabases()) describe(`${title} [${database.name}]`, () => suite(database));
}
