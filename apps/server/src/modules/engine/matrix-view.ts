import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { latestPositionOf } from './position-store';

export interface MatrixNode {
  positionId: number;
  parentId: number | null;
  slot: number | null;
  level: number;
  initials: string;
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

/** True when `positionId` lies in the subtree of `topId` (walks up; at most depth(position) - depth(top) steps). */
async function isWithin(db: Tx, topId: number, topDepth: number, positionId: number) {
  let current = positionId;
  for (;;) {
    if (current === topId) return true;
    const [row] = await queryRows<{ parent_id: string | null; depth: number }>(db, sql`select parent_id, depth from positions where id = ${current}`);
    if (!row || row.parent_id === null || row.depth <= topDepth) return false;
    current = Number(row.parent_id);
  }
}

/**
 * The member's own matrix, a few levels at a time, with only initials, stage and join date of the people
 * in it. `fromPositionId` opens a deeper part, and must lie inside the member's own subtree.
 */
export async function matrixView(db: Tx, accountId: string, options: { fromPositionId?: number; levels: number }) {
  const own = await latestPositionOf(db, accountId);
  if (!own) return { status: 'unpaid' as const };
  let topId = own.id;
  if (options.fromPositionId !== undefined && options.fromPositionId !== own.id) {
    if (!(await isWithin(db, own.id, own.depth, options.fromPositionId))) return { status: 'forbidden' as const };
    topId = options.fromPositionId;
  }
  const nodes: MatrixNode[] = [];
  let frontier = [topId];
  for (let level = 0; level <= options.levels && frontier.length > 0; level++) {
    const rows = await queryRows<{ id: string; parent_id: string | null; slot: number | null; stage: number; created_at: string | Date; full_name: string | null; children: string }>(
      db,
      sql`select p.id, p.parent_id, p.slot, p.stage, p.created_at, a.full_name,
                 (select count(*) from positions c where c.parent_id = p.id) as children
          from positions p left join accounts a on a.id = p.account_id
          where p.id in (${sql.join(frontier.map((id) => sql`${id}`), sql`, `)}) order by p.parent_id, p.slot`,
    );
    for (const r of rows) {
      nodes.push({
        positionId: Number(r.id),
        parentId: level === 0 ? null : Number(r.parent_id),
        slot: r.slot,
        level,
        initials: initialsOf(r.full_name),
        stage: r.stage,
        joinedAt: new Date(r.created_at).toISOString(),
        hasChildren: Number(r.children) > 0,
      });
    }
    if (level === options.levels) break;
    const children = await queryRows<{ id: string }>(
      db,
      sql`select id from positions where parent_id in (${sql.join(frontier.map((id) => sql`${id}`), sql`, `)})`,
    );
    frontier = children.map((c) => Number(c.id));
  }
  return { status: 'ok' as const, rootPositionId: topId, nodes };
}
