import { getPlan, stageName } from '@coop/core';
import type { FastifyRequest } from 'fastify';
import { preparedRows } from '../../db/prepared';
import type { KeptAnswers } from '../../lib/kept-answers';
import { accessParams, admitFromRead, type AccessRow, type CheckedReadDeps } from '../../plugins/auth';
import { checkedRows, withAccessCheck } from '../access/access-check';
import {
  matrixNodesOf,
  matrixPlaceText,
  nextLevelOf,
  nodesStatement,
  type MatrixNode,
  type MatrixNodeRow,
} from '../engine/matrix-view';

/**
 * The session, the member's position with the kept size of its first level with room, and the matrix version, in one
 * statement (decision 0034). While the version is the one this server read the asked part at, that is the whole call
 * (decision 0036); otherwise the walk down follows, one statement whatever the depth.
 */
const matrixRead = withAccessCheck(
  'member_matrix',
  [],
  'own.id as own_id, own.depth as own_depth, own.full_depth, coalesce(own.next_level_count, 0) as next_level_count, mv.version as matrix_version',
  // The member's latest position, as every read below starts from it.
  `left join lateral ${matrixPlaceText('a.id')} own on true
   cross join matrix_version mv`,
  { global: true },
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
  deps: CheckedReadDeps,
  request: FastifyRequest,
  kept: KeptAnswers<MatrixAnswer>,
  options: { fromPositionId?: number; levels: number },
) {
  const params = accessParams(deps, request);
  const key = `${params[0]}:${options.fromPositionId ?? 0}:${options.levels}`;
  const [row] = await checkedRows<MatrixRow>(deps, matrixRead, params);
  const account = admitFromRead(request, row);
  if (row!.own_id === null) return { status: 'unpaid' as const };
  const version = String(row!.matrix_version);
  const known = kept.at(key, version);
  if (known) return { status: 'ok' as const, answer: known };
  const ownId = Number(row!.own_id);
  const rootPositionId = options.fromPositionId ?? ownId;
  // Read after the version: a change committed in between moves the version again, and the next call reads again.
  const rows = await preparedRows<MatrixNodeRow>(deps.db, nodesStatement, [
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
