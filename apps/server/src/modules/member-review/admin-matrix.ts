import { sql } from 'drizzle-orm';
import { getPlan, stageName, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountName } from '../accounts/account-sql';
import { positionHolders } from '../engine/position-store';
import { matrixView } from '../engine/matrix-view';

/** The member view's matrix from an account's position down, with the full names an administrator may see. */
export async function adminMatrix(
  db: Tx,
  account: { id: string; programme: Programme },
  options: { fromPositionId?: number; levels: number },
) {
  const view = await matrixView(db, account.id, options);
  if (view.status !== 'ok') return view;
  const ids = view.nodes.map((n) => n.positionId);
  const names = await queryRows<{ id: string; full_name: string | null }>(
    db,
    sql`select p.id, ${accountName(sql`p.account_id`)} as full_name from ${positionHolders(ids)} p`,
  );
  const nameOf = new Map(names.map((r) => [Number(r.id), r.full_name ?? 'Company']));
  const plan = getPlan(account.programme);
  return {
    status: 'ok' as const,
    rootPositionId: view.rootPositionId,
    nextLevel: view.nextLevel,
    nodes: view.nodes.map((n) => ({
      ...n,
      stageName: stageName(plan, n.stage),
      name: nameOf.get(n.positionId) ?? '',
    })),
  };
}
