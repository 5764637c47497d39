import type { Programme } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * A draft's content as a hash (decision 0061): md5 of its plan as PostgreSQL writes the jsonb out (keys in one
 * order, one spacing), so the same figures give the same hash whoever saved them. A simulation keeps the hash of
 * the draft it ran; the approval asks for one whose hash is the draft's now.
 */
export const draftContentHashSql = (draftIdSql: SQL): SQL =>
  sql`(select md5(v.plan::text) from plan_versions v where v.id = ${draftIdSql})`;

/** The hash of the programme's draft `id` now; null when there is no such version. */
export async function draftContentHash(db: Tx, programme: Programme, id: number): Promise<string | null> {
  const [row] = await queryRows<{ hash: string }>(
    db,
    sql`select md5(plan::text) as hash from plan_versions where programme = ${programme} and id = ${id}`,
  );
  return row?.hash ?? null;
}
