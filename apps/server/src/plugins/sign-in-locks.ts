import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { queryRows } from '../db/rows';

const MINUTE = 60_000;
/** How long a lock-out is remembered for the next one to last longer. */
const LOCK_MEMORY_MS = 24 * 60 * MINUTE;

/** After `failures` wrong passwords within `window`, the key is locked for `firstLock`, doubling each time up to `longestLock`. */
export interface LockRule {
  failures: number;
  window: number;
  firstLock: number;
  longestLock: number;
}

/**
 * Sign-in limits (decision 0026). Only wrong passwords count; a right one clears the account's count.
 * Members: per account and per address. Administrators: per account on one device or address (the lock an
 * outsider can set stays on the outsider's own address), and per account from unknown devices across all
 * addresses; a browser the administrator has signed in from before is never held by the latter.
 */
export const signInRules = {
  memberAccount: { failures: 10, window: 15 * MINUTE, firstLock: 5 * MINUTE, longestLock: 60 * MINUTE },
  address: { failures: 30, window: MINUTE, firstLock: MINUTE, longestLock: 15 * MINUTE },
  adminOnePlace: { failures: 5, window: 15 * MINUTE, firstLock: MINUTE, longestLock: 15 * MINUTE },
  adminUnknownDevices: { failures: 50, window: 60 * MINUTE, firstLock: 5 * MINUTE, longestLock: 30 * MINUTE },
} satisfies Record<string, LockRule>;

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url');

/** Seconds until the longest of the keys' locks ends; 0 when none is locked. Counts nothing. */
export async function lockedSeconds(db: Tx, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const hashes = keys.map((k) => hashed(`locked|${k}`));
  const [row] = await queryRows<{ seconds: string | number | null }>(
    db,
    sql`select max(ceil(extract(epoch from (window_ends_at - now())))) as seconds from rate_limit_counters
        where key in (${sql.join(
          hashes.map((h) => sql`${h}`),
          sql`, `,
        )}) and window_ends_at > now()`,
  );
  return Math.max(0, Number(row?.seconds ?? 0));
}

async function bump(db: Tx, key: string, windowMs: number): Promise<number> {
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`insert into rate_limit_counters as c (key, hits, window_ends_at)
        values (${hashed(key)}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
          window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
        returning hits`,
  );
  return Number(row!.hits);
}

/**
 * Counts one wrong password against a key. At the rule's count the key is locked (1st lock-out of the day:
 * firstLock, then twice as long each time, never longer than longestLock) and its count starts again.
 * Answers the lock's length in milliseconds when this failure set one.
 */
export async function countFailure(db: Tx, key: string, rule: LockRule): Promise<number | null> {
  const failures = await bump(db, `failures|${key}`, rule.window);
  if (failures < rule.failures) return null;
  const lockouts = await bump(db, `lockouts|${key}`, LOCK_MEMORY_MS);
  const lockMs = Math.min(rule.firstLock * 2 ** Math.min(lockouts - 1, 20), rule.longestLock);
  await db.execute(sql`
    insert into rate_limit_counters (key, hits, window_ends_at) values (${hashed(`locked|${key}`)}, 1, now() + ${lockMs} * interval '1 millisecond')
    on conflict (key) do update set hits = 1, window_ends_at = excluded.window_ends_at`);
  await db.execute(sql`delete from rate_limit_counters where key = ${hashed(`failures|${key}`)}`);
  return lockMs;
}

/** A right password: the account's wrong ones so far stop counting (lock-outs already served are still remembered). */
export async function forgetFailures(db: Tx, keys: string[]) {
  if (keys.length === 0) return;
  const hashes = keys.map((k) => hashed(`failures|${k}`));
  await db.execute(
    sql`delete from rate_limit_counters where key in (${sql.join(
      hashes.map((h) => sql`${h}`),
      sql`, `,
    )})`,
  );
}

export const waitText = (seconds: number) =>
  seconds <= 90 ? `${Math.max(1, seconds)} seconds` : `${Math.ceil(seconds / 60)} minutes`;
