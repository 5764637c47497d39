import { readFileSync } from 'node:fs';
import { describe, inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { openThrowawayPostgres } from './throwaway-postgres';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A fresh database of its own, dropped when closed, so test files never share rows; migrated once per run (test/global-setup.ts). */
  open(): Promise<Database>;
}

let pgliteSnapshot: Blob | undefined;

/** A fresh in-memory PGlite started from the run's migrated data folder (test/global-setup.ts). */
export function openTestPglite(options: { onQuery?: (query: string) => void } = {}): Promise<Database> {
  pgliteSnapshot ??= new Blob([readFileSync(inject('pgliteSnapshot'))]);
  return openDatabase({ memory: true, loadDataDir: pgliteSnapshot, onQuery: options.onQuery });
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI provides one). */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: () => openTestPglite() }];
  const url = process.env.TEST_DATABASE_URL;
  if (url)
    list.push({
      name: 'postgres',
      open: () => openThrowawayPostgres(url, { template: inject('postgresTemplate') }),
    });
  return list;
}

/** Runs a suite once per database engine, titled with the engine's name so the output shows where it ran. */
export function describeEachDatabase(title: string, suite: (database: TestDatabase) => void) {
  for (const database of testDatabases()) describe(`${title} [${database.name}]`, () => suite(database));
}
