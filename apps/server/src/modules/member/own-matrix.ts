import { shortName } from '@coop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { accessParams, admitFromRead, withAccessCheck, type AccessRow } from '../../plugins/auth';
import { matrixNodesOf, nextLevelOf, type MatrixNodeRow } from '../engine/matrix-view';

// The member's latest position, as every read below starts from it.
const ownPosition = `left join lateral (select id, depth, full_depth from positions where account_id = a.id order by id desc limit 1) own on true`;

/**
 * The session, the member's position with the kept size of its first level with room, and the walk down $5 levels
 * from $4 (0: the member's own position), in one statement whatever the depth (decision 0034). The walk up from $4
 * stops at the member's depth: nothing is walked down when $4 does not lie in the member's own subtree.
 */
const matrixRead = withAccessCheck(
  'member_matrix',
  ['bigint', 'integer'],
  'own.id as own_id, own.full_depth, coalesce(sz.positions, 0) as next_level_count, m.nodes',
  `${ownPosition}
   left join matrix_level_sizes sz on sz.position_id = own.id and sz.level = own.full_depth + 1
   left join lateral (
     with recursive up(id, parent_id, depth) as (
       select id, parent_id, depth from positions where id = coalesce(nullif($4, 0), own.id)
       union all
       select p.id, p.parent_id, p.depth from positions p join up on p.id = up.parent_id where up.depth > own.depth
     ),
     -- Level by level, not a recursive walk: a recursive CTE's size is unknown to the planner, whose generic plan then
     -- hashed every position and account on each call; each level here is an index look-up by parent (at most 4, the route's limit).
     l0(id, level) as (select coalesce(nullif($4, 0), own.id), 0 where exists (select 1 from up where id = own.id)),
     l1(id, level) as (select p.id, 1 from positions p join l0 on p.parent_id = l0.id where $5 >= 1),
     l2(id, level) as (select p.id, 2 from positions p join l1 on p.parent_id = l1.id where $5 >= 2),
     l3(id, level) as (select p.id, 3 from positions p join l2 on p.parent_id = l2.id where $5 >= 3),
     l4(id, level) as (select p.id, 4 from positions p join l3 on p.parent_id = l3.id where $5 >= 4),
     t(id, level) as (select * from l0 union all select * from l1 union all select * from l2 union all select * from l3 union all select * from l4)
     select json_agg(json_build_object('id', p.id, 'parent_id', p.parent_id, 'slot', p.slot, 'stage', p.stage,
         'created_at', p.created_at, 'full_name', h.full_name, 'erased', h.erased_at is not null, 'level', t.level,
         'has_children', exists (select 1 from positions c where c.parent_id = p.id))
       order by t.level, p.parent_id, p.slot) as nodes
     from t join positions p on p.id = t.id left join accounts h on h.id = p.account_id
   ) m on own.id is not null`,
);

type MatrixRow = AccessRow & { own_id: string | null; full_depth: number | null; next_level_count: string | number; nodes: MatrixNodeRow[] | null };

/**
 * The signed-in member's own matrix, a few levels at a time, with only the short name, stage and join date of the
 * people in it; `fromPositionId` opens a deeper part of it. The route declares `sessionCheckedInRead`.
 */
export async function ownMatrix(app: FastifyInstance, request: FastifyRequest, options: { fromPositionId?: number; levels: number }) {
  const [row] = await preparedRows<MatrixRow>(app.db, matrixRead, [...accessParams(app, request), options.fromPositionId ?? 0, options.levels]);
  const account = admitFromRead(request, row);
  if (row!.own_id === null) return { account, status: 'unpaid' as const };
  if (!row!.nodes) return { account, status: 'forbidden' as const };
  const ownId = Number(row!.own_id);
  return {
    account,
    status: 'ok' as const,
    rootPositionId: options.fromPositionId ?? ownId,
    nodes: matrixNodesOf(row!.nodes),
    nextLevel: nextLevelOf(row!.full_depth!, Number(row!.next_level_count)),
  };
}

/**
 * People in the subtree of $1's latest position whose first name or surname starts with $2 (escaped for LIKE), nearest
 * first, $3 at most, in one statement. The route keeps the hook's access check: a search without a name is refused as
 * bad input only once the session is known to be live.
 */
const searchStatement: PreparedStatement = {
  name: 'member_matrix_search',
  types: ['uuid', 'text', 'integer'],
  text: `select fp.people
   from (select id from positions where account_id = $1 order by id desc limit 1) own
   left join lateral (
     with recursive subtree(id, level) as (
       select id, 1 from positions where parent_id = own.id
       union all
       select p.id, s.level + 1 from positions p join subtree s on p.parent_id = s.id
     ), found as (
       select p.id, s.level, p.stage, p.created_at, h.full_name
       from subtree s join positions p on p.id = s.id join accounts h on h.id = p.account_id
       where h.erased_at is null and (lower(h.full_name) like $2 || '%' or lower(h.full_name) like '% ' || $2 || '%')
       order by s.level, p.id limit $3
     )
     select json_agg(json_build_object('id', id, 'level', level, 'stage', stage, 'created_at', created_at, 'full_name', full_name)
       order by level, id) as people from found
   ) fp on true`,
};

const likePattern = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The signed-in member's search of its own matrix by name. */
export async function searchOwnMatrix(db: Tx, accountId: string, name: string, limit = 20) {
  const [row] = await preparedRows<{ people: Array<{ id: number; level: number; stage: number; created_at: string; full_name: string }> | null }>(db, searchStatement, [
    accountId,
    likePattern(name.trim().toLowerCase()),
    limit,
  ]);
  return (row?.people ?? []).map((r) => ({
    positionId: Number(r.id),
    level: r.level,
    name: shortName(r.full_name),
    stage: r.stage,
    joinedAt: new Date(r.created_at).toISOString(),
  }));
}
