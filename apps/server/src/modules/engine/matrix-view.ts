import { levelCapacity, shortName } from '@coop/core';
import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { accountColumnsJoinText } from '../accounts/account-sql';

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

/**
 * Prepared-statement text (decision 0047): the latest position of the account `accountIdText` names, and how many
 * positions stand on the first level under it that still has room (kept), as (id, depth, full_depth,
 * next_level_count); no row before the account has paid.
 */
export const matrixPlaceText = (
  accountIdText: string,
) => `(select own.id, own.depth, own.full_depth, coalesce(sz.positions, 0) as next_level_count
    from (select id, depth, full_depth from positions where account_id = ${accountIdText} order by id desc limit 1) own
    left join matrix_level_sizes sz on sz.position_id = own.id and sz.level = own.full_depth + 1)`;

const ownStatement: PreparedStatement = {
  name: 'matrix_own',
  types: ['uuid'],
  text: `select id, depth, full_depth, next_level_count from ${matrixPlaceText('$1')} place`,
};

/**
 * The positions from $1 down $4 levels (at most 4, the routes' limit), each with its holder's name and whether anything
 * hangs below it. Nothing when $1 does not lie in the subtree of $2 (depth $3): the walk up from $1 stops at that depth.
 * Level by level, not a recursive walk down: a recursive CTE's size is unknown to the planner, whose generic plan then
 * hashed every position and account on each call; each level here is an index look-up by parent (decision 0034).
 */
export const nodesStatement: PreparedStatement = {
  name: 'matrix_nodes',
  types: ['bigint', 'bigint', 'integer', 'integer'],
  text: `with recursive up(id, parent_id, depth) as (
      select id, parent_id, depth from positions where id = $1
      union all
      select p.id, p.parent_id, p.depth from positions p join up on p.id = up.parent_id where up.depth > $3
    ),
    l0(id, level) as (select $1::bigint, 0 where exists (select 1 from up where id = $2)),
    l1(id, level) as (select p.id, 1 from positions p join l0 on p.parent_id = l0.id where $4 >= 1),
    l2(id, level) as (select p.id, 2 from positions p join l1 on p.parent_id = l1.id where $4 >= 2),
    l3(id, level) as (select p.id, 3 from positions p join l2 on p.parent_id = l2.id where $4 >= 3),
    l4(id, level) as (select p.id, 4 from positions p join l3 on p.parent_id = l3.id where $4 >= 4),
    t(id, level) as (select * from l0 union all select * from l1 union all select * from l2 union all select * from l3 union all select * from l4)
    select p.id, p.parent_id, p.slot, p.stage, p.created_at, a.full_name, a.erased_at is not null as erased, t.level,
      exists (select 1 from positions c where c.parent_id = p.id) as has_children
    from t join positions p on p.id = t.id ${accountColumnsJoinText('a', 'p.account_id', ['full_name', 'erased_at'], 'left')}
    order by t.level, p.parent_id, p.slot`,
};

/** A node of the walk down, as the statements here and the member's own one-statement read return it. */
export interface MatrixNodeRow {
  id: string | number;
  parent_id: string | number | null;
  slot: number | null;
  stage: number;
  created_at: string | Date;
  full_name: string | null;
  erased: boolean | null;
  level: number;
  has_children: boolean;
}

export function matrixNodesOf(rows: readonly MatrixNodeRow[]): MatrixNode[] {
  return rows.map((r) => ({
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
}

/** The first level with room: its number and how many places are left on it. */
export const nextLevelOf = (fullDepth: number, positionsOnIt: number) => ({
  level: fullDepth + 1,
  emptyPlaces: levelCapacity(fullDepth + 1) - positionsOnIt,
});

/**
 * The member's own matrix, a few levels at a time, with only the short name (first name, surname initial),
 * stage and join date of the people in it. `fromPositionId` opens a deeper part, and must lie inside the member's
 * own subtree. Two statements whatever the depth (decisions 0015, 0034): the member's position with the next level's
 * kept count, then the walk down (and, for a deeper part, the walk up that proves it is the member's).
 */
export async function matrixView(
  db: Tx,
  accountId: string,
  options: { fromPositionId?: number; levels: number },
) {
  const [own] = await preparedRows<{
    id: string;
    depth: number;
    full_depth: number;
    next_level_count: string | number;
  }>(db, ownStatement, [accountId]);
  if (!own) return { status: 'unpaid' as const };
  const ownId = Number(own.id);
  const topId = options.fromPositionId ?? ownId;
  const rows = await preparedRows<MatrixNodeRow>(db, nodesStatement, [
    topId,
    ownId,
    own.depth,
    options.levels,
  ]);
  if (rows.length === 0) return { status: 'forbidden' as const };
  const nodes = matrixNodesOf(rows);
  return {
    status: 'ok' as const,
    rootPositionId: topId,
    nodes,
    nextLevel: nextLevelOf(own.full_depth, Number(own.next_level_count)),
  };
}
