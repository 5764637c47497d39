import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { migrationsFolder } from './client';
import { queryRows } from './rows';

let journalTimes: number[] | null = null;

/** The `when` of each migration this code ships (drizzle's journal): what the database must have applied. */
function shippedMigrationTimes(): number[] {
  journalTimes ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    }
  ).entries.map((e) => e.when);
  return journalTimes;
}

export type Readiness =
  { ready: true } | { ready: false; reason: 'database_unreachable' | 'migrations_behind'; detail: string };

/**
 * Whether this instance can serve (decision 0042): the database answers, and it has applied every migration this
 * code ships. Drizzle's migrator applies a migration when the newest recorded `created_at` is older than the
 * migration's `when`, so the same comparison here says whether the schema is the one the code expects (a database
 * restored from an older backup, or a newer instance started on a database another instance has not migrated yet).
 */
export async function databaseReadiness(db: Db): Promise<Readiness> {
  let newest: number;
  try {
    const [row] = await queryRows<{ newest: string | number | null }>(
      db,
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    );
    newest = Number(row?.newest ?? 0);
  } catch (error) {
    return {
      ready: false,
      reason: 'database_unreachable',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  const behind = shippedMigrationTimes().filter((when) => when > newest).length;
  if (behind > 0)
    return {
      ready: false,
      reason: 'migrations_behind',
      detail: `${behind} migration(s) of this version are not applied`,
    };
  return { ready: true };
}
