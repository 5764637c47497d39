import { getPlan, shortName, stageName } from '@coop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import type { KeptAnswers } from '../../lib/kept-answers';
import { accessParams, admitFromRead, withAccessCheck, type AccessRow } from '../../plugins/auth';
import {
  matrixNodesOf,
  nextLevelOf,
  nodesStatement,
  type MatrixNode,
  type MatrixNodeRow,
} from '../engine/matrix-view';

// The member's latest position, as every read below starts from it.
const ownPosition = `left join lateral (select id, depth, full_depth from positions where account_id = a.id order by id desc limit 1) own on true`;

/**
 * The session, the member's position with the kept size of its first level with room, and the matrix version, in one
 * statement (decision 0034). While the version is the one this server read the asked part at, that is the whole call
 * (decision 0036); otherwise the walk down follows, one statement whatever the depth.
 */
const matrixRead = withAccessCheck(
  'member_matrix',
  [],
  'own.id as own_id, own.depth as own_depth, own.full_depth, coalesce(sz.positions, 0) as next_level_count, mv.version as matrix_version',
  `${ownPosition}
   left join matrix_level_sizes sz on sz.position_id = own.id and sz.level = own.full_depth + 1
   cross join matrix_version mv`,
);

type MatrixRow = AccessRow & {
  own_id: string | null;
  own_depth: number | null;
  full_depth: number | null;
  next_level_count: string | number;
  matrix_version: string | number;
};

/** The matrix screen's answer for a paid member, as the route sends it. */
export interface MatrixAnswer {
  paid: true;
  rootPositionId: number;
  levels: number;
  nextLevel: ReturnType<typeof nextLevelOf>;
  nodes: Array<MatrixNode & { stageName: string }>;
}

/**
 * The signed-in member's own matrix, a few levels at a time, with only the short name, stage and join date of the
 * people in it; `fromPositionId` opens a deeper part of it. The route declares `sessionCheckedInRead`.
 */
export async function ownMatrix(
  app: FastifyInstance,
  request: FastifyRequest,
  kept: KeptAnswers<MatrixAnswer>,
  options: { fromPositionId?: number; levels: number },
) {
  const params = accessParams(app, request);
  const key = `${params[0]}:${options.fromPositionId ?? 0}:${options.levels}`;
  const [row] = await preparedRows<MatrixRow>(app.db, matrixRead, params);
  const account = admitFromRead(request, row);
  if (row!.own_id === null) return { status: 'unpaid' as const };
  const version = String(row!.matrix_version);
  const known = kept.at(key, version);
  if (known) return { status: 'ok' as const, answer: known };
  const ownId = Number(row!.own_id);
  const rootPositionId = options.fromPositionId ?? ownId;
  // Read after the version: a change committed in between moves the version again, and the next call reads again.
  const rows = await preparedRows<MatrixNodeRow>(app.db, nodesStatement, [
    rootPositionId,
    ownId,
    row!.own_depth!,
    options.levels,
  ]);
  if (rows.length === 0) return { status: 'forbidden' as const };
  const plan = getPlan(account.programme);
  const answer = kept.keep(key, version, {
    paid: true as const,
    rootPositionId,
    levels: options.levels,
    nextLevel: nextLevelOf(row!.full_depth!, Number(row!.next_level_count)),
    nodes: matrixNodesOf(rows).map((n) => ({ ...n, stageName: stageName(plan, n.stage) })),
  });
  return { status: 'ok' as const, answer };
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
  const [row] = await preparedRows<{
    people: Array<{ id: number; level: number; stage: number; created_at: string; full_name: string }> | null;
  }>(db, searchStatement, [accountId, likePattern(name.trim().toLowerCase()), limit]);
  return (row?.people ?? []).map((r) => ({
    positionId: Number(r.id),
    level: r.level,
    name: shortName(r.full_name),
    stage: r.stage,
    joinedAt: new Date(r.created_at).toISOString(),
  }));
}
