import { sql } from 'drizzle-orm';
import { levelCapacity, shortName } from '@coop/core';
import type { Tx } from '../../db/client';
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
 * The member's own matrix, a few levels at a time, with only the short name (first name, surname initial),
 * stage and join date of the people in it. `fromPositionId` opens a deeper part, and must lie inside the member's own subtree.
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
        name: r.full_name === null ? 'The company' : shortName(r.full_name),
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
  return { status: 'ok' as const, rootPositionId: topId, nodes, nextLevel: await nextLevelToFill(db, own.id, own.fullDepth) };
}

/** The first level under a position that still has empty places (levels above it are full), and how many. */
async function nextLevelToFill(db: Tx, positionId: number, fullDepth: number) {
  const level = fullDepth + 1;
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`with recursive subtree(id, level) as (
          select id, 1 from positions where parent_id = ${positionId}
          union all
          select p.id, s.level + 1 from positions p join subtree s on p.parent_id = s.id where s.level < ${level}
        )
        select count(*) as n from subtree where level = ${level}`,
  );
  return { level, emptyPlaces: levelCapacity(level) - Number(row?.n ?? 0) };
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
        where lower(a.full_name) like ${`${prefix}%`} or lower(a.full_name) like ${`% ${prefix}%`}
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
