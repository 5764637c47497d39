import type { Programme } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * A draft's content as a hash (decision 0061): md5 of its plan as PostgreSQL writes the jsonb out (keys in one
 * order, one spacing), so the same figures give the same hash whoever saved them. The version number is left out:
 * publication gives it and changes nothing else, so the published version keeps its draft's hash and its approval
 * card still finds the simulation approved. A simulation keeps the hash of the draft it ran; the approval asks for
 * one whose hash is the draft's now.
 */
const contentHash = (planSql: SQL) => sql`md5((${planSql} - 'version')::text)`;

export const draftContentHashSql = (draftIdSql: SQL): SQL =>
  sql`(select ${contentHash(sql`v.plan`)} from plan_versions v where v.id = ${draftIdSql})`;

/** The hash of the programme's draft `id` now; null when there is no such version. */
export async function draftContentHash(db: Tx, programme: Programme, id: number): Promise<string | null> {
  const [row] = await queryRows<{ hash: string }>(
    db,
    sql`select ${contentHash(sql`plan`)} as hash from plan_versions where programme = ${programme} and id = ${id}`,
  );
  return row?.hash ?? null;
}
