import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../src/db/client';
import { openThrowawayPostgres } from './throwaway-postgres';

async function describeSchema(db: Db) {
  const columns = await db.execute(sql`
    select table_name, column_name, data_type, udt_name, is_nullable, column_default
    from information_schema.columns where table_schema = 'public' order by table_name, column_name`);
  const indexes = await db.execute(
    sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
  );
  // PostgreSQL 17 (PGlite) also lists NOT NULL as constraints; 15 does not. Nullability is compared through the columns.
  const constraints = await db.execute(sql`
    select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n' order by conname`);
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  return { columns: rows(columns), indexes: rows(indexes), constraints: rows(constraints) };
}

// Both databases migrated here from nothing, not copied from the run's migrated ones (test/global-setup.ts).
const serverUrl = process.env.TEST_DATABASE_URL;

describe('migrations', () => {
  it.skipIf(!serverUrl)('produce the same schema on PGlite and PostgreSQL', async () => {
    const pglite = await openDatabase({ memory: true });
    const server = await openThrowawayPostgres(serverUrl!);
    try {
      const [a, b] = await Promise.all([describeSchema(pglite.db), describeSchema(server.db)]);
      expect(a.columns.length).toBeGreaterThan(10);
      expect(a).toEqual(b);
    } finally {
      await pglite.close();
      await server.close();
    }
  });
});
