import type { Programme } from '@coop/core';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

export interface PositionRow {
  id: number;
  programme: Programme;
  accountId: string | null;
  sponsorPositionId: number | null;
  parentId: number | null;
  slot: number | null;
  depth: number;
  fullDepth: number;
  levelCounts: number[];
  ancestors: number[];
  subtreeSize: number;
  directReferrals: number;
  referralBonusesPaid: number;
  stage: number;
  cycle: number;
  planVersion: number;
  paymentReference: string | null;
  finishedAt: Date | null;
  createdAt: Date;
}

export interface RawPosition {
  id: string;
  programme: Programme;
  account_id: string | null;
  sponsor_position_id: string | null;
  parent_id: string | null;
  slot: number | null;
  depth: number;
  full_depth: number;
  level_counts: number[];
  ancestors: (string | number)[];
  subtree_size: number;
  direct_referrals: number;
  referral_bonuses_paid: number;
  stage: number;
  cycle: number;
  plan_version: number;
  payment_reference: string | null;
  finished_at: string | Date | null;
  created_at: string | Date;
}

/** Every column toPosition reads, named: a statement that names its columns keeps its result's shape when a migration
 * adds one, so it can stay prepared on a connection across a rolling restart (db/statement-names.ts). */
const RAW_POSITION_COLUMNS = {
  id: true,
  programme: true,
  account_id: true,
  sponsor_position_id: true,
  parent_id: true,
  slot: true,
  depth: true,
  full_depth: true,
  level_counts: true,
  ancestors: true,
  subtree_size: true,
  direct_referrals: true,
  referral_bonuses_paid: true,
  stage: true,
  cycle: true,
  plan_version: true,
  payment_reference: true,
  finished_at: true,
  created_at: true,
} satisfies Record<keyof RawPosition, true>;

/** The position's columns for a select list or a returning clause, of `alias` when given (`p.id, p.programme, ...`). */
export const positionColumns = (alias?: string): SQL =>
  sql.raw(
    Object.keys(RAW_POSITION_COLUMNS)
      .map((column) => (alias ? `${alias}.${column}` : column))
      .join(', '),
  );

const nullableNumber = (v: string | number | null) => (v === null ? null : Number(v));

export function toPosition(r: RawPosition): PositionRow {
  return {
    id: Number(r.id),
    programme: r.programme,
    accountId: r.account_id,
    sponsorPositionId: nullableNumber(r.sponsor_position_id),
    parentId: nullableNumber(r.parent_id),
    slot: r.slot,
    depth: r.depth,
    fullDepth: r.full_depth,
    levelCounts: r.level_counts.map(Number),
    ancestors: r.ancestors.map(Number),
    subtreeSize: Number(r.subtree_size),
    directReferrals: r.direct_referrals,
    referralBonusesPaid: r.referral_bonuses_paid,
    stage: r.stage,
    cycle: r.cycle,
    planVersion: r.plan_version,
    paymentReference: r.payment_reference,
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
    createdAt: new Date(r.created_at),
  };
}

export async function selectPositions(tx: Tx, where: ReturnType<typeof sql>): Promise<PositionRow[]> {
  const rows = await queryRows<RawPosition>(
    tx,
    sql`select ${positionColumns()} from positions where ${where}`,
  );
  return rows.map(toPosition);
}

/**
 * Locks the programme's root row: activations of one programme run one at a time, because a join can
 * move every ancestor up to the root. This is what makes "no two positions in one slot" and "no lost
 * promotion" hold on PostgreSQL; PGlite serves one session anyway.
 */
export async function lockProgramme(tx: Tx, programme: Programme): Promise<PositionRow> {
  const [root] = await queryRows<RawPosition>(
    tx,
    sql`select ${positionColumns()} from positions where programme = ${programme} and parent_id is null for update`,
  );
  if (!root) throw new Error(`the ${programme} matrix has no root position`);
  return toPosition(root);
}

export async function childrenOf(
  tx: Tx,
  parentId: number,
): Promise<[PositionRow | null, PositionRow | null]> {
  const rows = await selectPositions(tx, sql`parent_id = ${parentId}`);
  return [rows.find((r) => r.slot === 0) ?? null, rows.find((r) => r.slot === 1) ?? null];
}

export type ChildrenByParent = Map<number, [PositionRow | null, PositionRow | null]>;

function byParent(rows: RawPosition[]): ChildrenByParent {
  const pairs: ChildrenByParent = new Map();
  for (const row of rows) {
    const position = toPosition(row);
    const pair = pairs.get(position.parentId!) ?? [null, null];
    pair[position.slot === 1 ? 1 : 0] = position;
    pairs.set(position.parentId!, pair);
  }
  return pairs;
}

/** The children of every position up to `levels` below `positionId`, by parent: [slot 0, slot 1]. */
export async function childrenBelow(tx: Tx, positionId: number, levels: number): Promise<ChildrenByParent> {
  const rows = await queryRows<RawPosition>(
    tx,
    sql`with recursive below(id, level) as (
          select id, 1 from positions where parent_id = ${positionId}
          union all
          select p.id, below.level + 1 from positions p join below on p.parent_id = below.id where below.level < ${levels}
        )
        select ${positionColumns('positions')} from positions join below using (id)`,
  );
  return byParent(rows);
}

/**
 * The account's latest position and, as childrenBelow answers them, the children up to `levels` below it: a
 * sponsor's place and the first read of the descent under it, in one round trip under the programme's lock.
 */
export async function latestPositionAndBelow(
  tx: Tx,
  accountId: string,
  levels: number,
): Promise<{ position: PositionRow; below: ChildrenByParent } | null> {
  const rows = await queryRows<RawPosition & { level: number }>(
    tx,
    sql`with recursive top as (
          select id from positions where account_id = ${accountId} order by id desc limit 1
        ), below(id, level) as (
          select p.id, 1 from positions p join top on p.parent_id = top.id
          union all
          select p.id, below.level + 1 from positions p join below on p.parent_id = below.id where below.level < ${levels}
        )
        select ${positionColumns('positions')}, 0 as level from positions join top using (id)
        union all
        select ${positionColumns('positions')}, below.level from positions join below using (id)`,
  );
  const top = rows.find((r) => r.level === 0);
  if (!top) return null;
  return { position: toPosition(top), below: byParent(rows.filter((r) => r.level > 0)) };
}

export async function latestPositionOf(tx: Tx, accountId: string): Promise<PositionRow | null> {
  const [row] = await selectPositions(tx, sql`account_id = ${accountId} order by id desc limit 1`);
  return row ?? null;
}

/*
 * What other modules read of the matrix inside their own statements (decision 0047): positions are named in the
 * engine only. Each fragment takes the account or position it is about as SQL and yields specific columns.
 */

/** Whether the account `accountId` (SQL) holds a position, that is, has paid. */
export const holdsPosition = (accountId: SQL) =>
  sql`exists (select 1 from positions held where held.account_id = ${accountId})`;

/** The stage of the account's latest position; null before it has paid. */
export const latestStageOf = (accountId: SQL) =>
  sql`(select held.stage from positions held where held.account_id = ${accountId} order by held.id desc limit 1)`;

/** Locks the programme's root row as a placement does (lockProgramme), for work that must not overlap a placement. */
export async function lockMatrix(tx: Tx, programme: Programme): Promise<void> {
  await tx.execute(
    sql`select id from positions where programme = ${programme} and parent_id is null for update`,
  );
}

/** The plan version the account's latest position joined under; null before it has paid. */
export async function joinedPlanVersion(db: Tx, accountId: string): Promise<number | null> {
  const [row] = await queryRows<{ plan_version: number }>(
    db,
    sql`select plan_version from positions where account_id = ${accountId} order by id desc limit 1`,
  );
  return row ? row.plan_version : null;
}

/** The stage of the position `positionIdSql` names, for a statement of another module (null when there is none). */
export const stageOfPositionSql = (positionIdSql: SQL | AnyColumn) =>
  sql<number | null>`(select stage from positions where id = ${positionIdSql})`;

/** The positions with these ids, as rows of (id, account_id): the company's root has no account. */
export const positionHolders = (positionIds: readonly number[]) =>
  sql`(select id, account_id from positions where id in (${sql.join(
    positionIds.map((id) => sql`${id}`),
    sql`, `,
  )}))`;

/** The account whose fee entry has this idempotency key (SQL): the fee's key is `fee:` and the payment's reference. */
export const accountOfFeeKey = (idempotencyKey: SQL) =>
  sql`(select held.account_id from positions held where held.payment_reference = substr(${idempotencyKey}, 5))`;
