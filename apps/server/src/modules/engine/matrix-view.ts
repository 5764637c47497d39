import { sql } from 'drizzle-orm';
import { levelCapacity, shortName } from '@coop/core';
import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { queryRows } from '../../db/rows';
import { latestPositionOf } from './position-store';

export interface MatrixNode {
  positionId: number;
  parentId: number | null;
  slot: number | null;
  level: number;
  initials: string;
  name: string;
  stage: number;
  joinedAt: string;
  hasChildren: boolean;
}

function initialsOf(fullName: string | null) {
  if (!fullName) return 'CO';
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** The member's latest position, and how many positions stand on the first level under it that still has room. */
const ownStatement: PreparedStatement = {
  name: 'matrix_own',
  types: ['uuid'],
  text: `with recursive own as (
      select id, depth, full_depth from positions where account_id = $1 order by id desc limit 1
    ), below(id, level) as (
      select p.id, 1 from positions p join own on p.parent_id = own.id
      union all
      select p.id, b.level + 1 from positions p join below b on p.parent_id = b.id join own on b.level < own.full_depth + 1
    )
    select own.id, own.depth, own.full_depth, (select count(*) from below where level = own.full_depth + 1) as next_level_count from own`,
};

/**
 * The positions from $1 down $4 levels, each with its holder's name and whether anything hangs below it. Nothing
 * when $1 does not lie in the subtree of $2 (depth $3): the walk up from $1 stops at that depth.
 */
const nodesStatement: PreparedStatement = {
  name: 'matrix_nodes',
  types: ['bigint', 'bigint', 'integer', 'integer'],
  text: `with recursive up(id, parent_id, depth) as (
      select id, parent_id, depth from positions where id = $1
      union all
      select p.id, p.parent_id, p.depth from positions p join up on p.id = up.parent_id where up.depth > $3
    ), t(id, level) as (
      select $1::bigint, 0 where exists (select 1 from up where id = $2)
      union all
      select p.id, t.level + 1 from positions p join t on p.parent_id = t.id where t.level < $4
    )
    select p.id, p.parent_id, p.slot, p.stage, p.created_at, a.full_name, a.erased_at is not null as erased, t.level,
      exists (select 1 from positions c where c.parent_id = p.id) as has_children
    from t join positions p on p.id = t.id left join accounts a on a.id = p.account_id
    order by t.level, p.parent_id, p.slot`,
};

/**
 * The member's own matrix, a few levels at a time, with only the short name (first name, surname initial),
 * stage and join date of the people in it. `fromPositionId` opens a deeper part, and must lie inside the member's
 * own subtree. Two statements whatever the depth (decision 0015): the member's position with the next level's
 * count, then the walk down (and, for a deeper part, the walk up that proves it is the member's).
 */
export async function matrixView(db: Tx, accountId: string, options: { fromPositionId?: number; levels: number }) {
  const [own] = await preparedRows<{ id: string; depth: number; full_depth: number; next_level_count: string | number }>(db, ownStatement, [accountId]);
  if (!own) return { status: 'unpaid' as const };
  const ownId = Number(own.id);
  const topId = options.fromPositionId ?? ownId;
  const rows = await preparedRows<{ id: string; parent_id: string | null; slot: number | null; stage: number; created_at: string | Date; full_name: string | null; erased: boolean | null; level: number; has_children: boolean }>(
    db,
    nodesStatement,
    [topId, ownId, own.depth, options.levels],
  );
  if (rows.length === 0) return { status: 'forbidden' as const };
  const nodes: MatrixNode[] = rows.map((r) => ({
    positionId: Number(r.id),
    parentId: r.level === 0 ? null : Number(r.parent_id),
    slot: r.slot,
    level: r.level,
    // An erased member keeps the place (no compression) but no name (decision 0029).
    initials: r.erased ? 'FM' : initialsOf(r.full_name),
    name: r.erased ? 'Former member' : r.full_name === null ? 'The company' : shortName(r.full_name),
    stage: r.stage,
    joinedAt: new Date(r.created_at).toISOString(),
    hasChildren: r.has_children,
  }));
  const level = own.full_depth + 1;
  return { status: 'ok' as const, rootPositionId: topId, nodes, nextLevel: { level, emptyPlaces: levelCapacity(level) - Number(own.next_level_count) } };
}

const likePattern = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** People in the member's subtree whose first name or surname starts with `name`, nearest first. */
export async function searchDownline(db: Tx, accountId: string, name: string, limit = 20) {
  const own = await latestPositionOf(db, accountId);
  if (!own) return [];
  const prefix = likePattern(name.trim().toLowerCase());
  const rows = await queryRows<{ id: string; level: number; stage: number; created_at: string | Date; full_name: string }>(
    db,
    sql`with recursive subtree(id, level) as (
          select id, 1 from positions where parent_id = ${own.id}
          union all
          select p.id, s.level + 1 from positions p join subtree s on p.parent_id = s.id
        )
        select p.id, s.level, p.stage, p.created_at, a.full_name
        from subtree s join positions p on p.id = s.id join accounts a on a.id = p.account_id
        where a.erased_at is null and (lower(a.full_name) like ${`${prefix}%`} or lower(a.full_name) like ${`% ${prefix}%`})
        order by s.level, p.id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    positionId: Number(r.id),
    level: r.level,
    name: shortName(r.full_name),
    stage: r.stage,
    joinedAt: new Date(r.created_at).toISOString(),
  }));
}
