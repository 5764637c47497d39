import type { Programme } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { accounts } from '../src/db/schema';
import { activatePosition } from '../src/modules/engine/activate-position';

/** Test and benchmark helpers: accounts written directly, and one activation per transaction as a payment would. */

export async function createAccount(
  db: Db,
  programme: Programme,
  sponsorAccountId: string | null,
  name = 'Test Member',
) {
  const tag = randomUUID().replaceAll('-', '');
  const [row] = await db
    .insert(accounts)
    .values({
      programme,
      email: `${tag}@example.com`,
      fullName: name,
      phone: '08030000000',
      address: 'Lagos',
      passwordHash: 'not-a-hash',
      referralCode: tag.slice(0, 12).toUpperCase(),
      sponsorAccountId,
      emailConfirmedAt: new Date(),
    })
    .returning({ id: accounts.id });
  return row!.id;
}

export function activate(
  db: Db,
  programme: Programme,
  accountId: string,
  paymentReference = `ref-${randomUUID()}`,
) {
  return db.transaction((tx) =>
    activatePosition(tx, {
      accountId,
      programme,
      paymentReference,
      amountKobo: programme === 'main' ? 5_000_000 : 500_000,
    }),
  );
}

export async function creditTotalsByPosition(db: Db) {
  const rows = await queryRows<{ position_id: string; total: string }>(
    db,
    sql`select position_id, sum(amount_kobo) as total from credits group by position_id`,
  );
  return new Map(rows.map((r) => [Number(r.position_id), Number(r.total)]));
}

export async function unbalancedEntries(db: Db) {
  return queryRows<{ entry_id: string }>(
    db,
    sql`select entry_id from journal_lines group by entry_id having sum(amount_kobo) <> 0`,
  );
}

export async function negativeWallets(db: Db) {
  return queryRows<{ key: string }>(
    db,
    sql`select key from ledger_accounts where kind = 'wallet' and balance_kobo < 0`,
  );
}

/** Positions whose kept subtree size differs from a count of their descendants, walked up from every position. */
export async function subtreeSizeMismatches(db: Db) {
  return queryRows<{ id: string; subtree_size: number; counted: number }>(
    db,
    sql`with recursive up(ancestor_id) as (
          select parent_id from positions where parent_id is not null
          union all
          select p.parent_id from up u join positions p on p.id = u.ancestor_id where p.parent_id is not null
        )
        select p.id, p.subtree_size, coalesce(c.n, 0) as counted
        from positions p left join (select ancestor_id, count(*)::int as n from up group by ancestor_id) c on c.ancestor_id = p.id
        where p.subtree_size <> coalesce(c.n, 0)`,
  );
}

/**
 * Positions whose kept full depth (how many levels below are full, which the placement's descent steers by) differs
 * from one computed from the tree: the deepest k with 2^j positions at every distance j <= k below.
 */
export async function fullDepthMismatches(db: Db) {
  return queryRows<{ id: string; full_depth: number; counted: number }>(
    db,
    sql`with recursive down(top_id, id, level) as (
          select id, id, 0 from positions
          union all
          select d.top_id, p.id, d.level + 1 from down d join positions p on p.parent_id = d.id
        ), sizes as (select top_id, level, count(*) as n from down group by top_id, level),
        full_levels as (
          select top_id, min(level) as first_short from (
            select s.top_id, s.level + 1 as level from sizes s
            where not exists (select 1 from sizes t where t.top_id = s.top_id and t.level = s.level + 1 and t.n = power(2, s.level + 1))
          ) short group by top_id
        )
        select p.id, p.full_depth, f.first_short - 1 as counted
        from positions p join full_levels f on f.top_id = p.id
        where p.full_depth <> f.first_short - 1`,
  );
}

/** Kept level sizes that differ from a count of the positions at that distance below, walked up from every position. */
export async function levelSizeMismatches(db: Db) {
  return queryRows<{ position_id: string; level: number }>(
    db,
    sql`with recursive up(ancestor_id, level) as (
          select parent_id, 1 from positions where parent_id is not null
          union all
          select p.parent_id, u.level + 1 from up u join positions p on p.id = u.ancestor_id where p.parent_id is not null
        ), counted as (select ancestor_id as position_id, level, count(*)::int as n from up group by ancestor_id, level)
        select coalesce(c.position_id, k.position_id) as position_id, coalesce(c.level, k.level) as level
        from counted c full join matrix_level_sizes k on k.position_id = c.position_id and k.level = c.level
        where c.n is distinct from k.positions`,
  );
}

/**
 * Stage-window counts that differ from the tree: a position's level_counts[d] is how many positions have it as their
 * d-th ancestor (ancestors[d], the window each position keeps of its own line up).
 */
export async function levelCountMismatches(db: Db) {
  return queryRows<{ id: string; distance: number; kept: number; counted: number }>(
    db,
    sql`select p.id, d as distance, p.level_counts[d] as kept, c.counted
        from positions p cross join generate_subscripts(p.level_counts, 1) d
        cross join lateral (select count(*)::int as counted from positions q where q.ancestors[d] = p.id) c
        where p.level_counts[d] is distinct from c.counted`,
  );
}

/** Positions whose kept credit totals differ from the sums of their credits, kind by kind. */
export async function creditTotalMismatches(db: Db) {
  return queryRows<{ id: string }>(
    db,
    sql`select p.id from positions p left join credits c on c.position_id = p.id group by p.id
        having p.credited_referral_kobo <> coalesce(sum(c.amount_kobo) filter (where c.kind = 'referral'), 0)
          or p.credited_activities_kobo <> coalesce(sum(c.amount_kobo) filter (where c.kind = 'activities'), 0)
          or p.credited_graduating_kobo <> coalesce(sum(c.amount_kobo) filter (where c.kind = 'graduating'), 0)
          or p.credited_thank_you_kobo <> coalesce(sum(c.amount_kobo) filter (where c.kind = 'thank_you'), 0)
          or p.credited_health_fee_kobo <> coalesce(sum(c.amount_kobo) filter (where c.kind = 'health_fee'), 0)`,
  );
}
