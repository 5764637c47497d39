import { describe } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { openThrowawayPostgres } from './throwaway-postgres';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI provides one), in a fresh database per suite. */
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
