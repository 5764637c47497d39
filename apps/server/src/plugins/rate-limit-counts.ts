import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { queryRows } from '../db/rows';

/**
 * Counts one hit against a limit's key in the database, so every instance on it shares the count (decision
 * 0015). A fixed window that opens with the first hit; one upsert, atomic on PostgreSQL and PGlite alike.
 * The database's clock decides when a window ends, so instances with drifting clocks agree.
 */
export async function countHit(
  db: Tx,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const hashed = createHash('sha256').update(key).digest('base64url');
  const [row] = await queryRows<{ hits: number; ttl_ms: string | number }>(
    db,
    sql`insert into rate_limit_counters as c (key, hits, window_ends_at)
        values (${hashed}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
          window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
        returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms`,
  );
  return { current: row!.hits, ttl: Math.max(0, Number(row!.ttl_ms)) };
}

/** Forgets windows that have ended (a scheduled job), so the table holds only live counts. */
export async function deleteEndedWindows(db: Tx, now: Date) {
  await db.execute(
    sql`delete from rate_limit_counters where window_ends_at < ${now.toISOString()}::timestamptz`,
  );
}
