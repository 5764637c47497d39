import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountErasureFacts } from '../accounts/personal-data';
import { personalDataParts } from './personal-data-parts';

export type ErasureStatus = 'not_closed' | 'not_due' | 'deferred' | 'due' | 'erased';

export interface ErasureState {
  status: ErasureStatus;
  closedAt: Date | null;
  /** Why erasure is due (the member asked, or the retention period after closure passed), or when it will be. */
  dueBecause: 'member_asked' | 'retention_passed' | null;
  retentionEndsAt: Date | null;
  /** What stops erasure now, in the operator's words; empty when nothing does. */
  blockers: string[];
}

type Row = {
  status: string;
  closed_at: string | Date | null;
  erasure_requested_at: string | Date | null;
  erased_at: string | Date | null;
} & Record<`hold_${number}`, string | null>;

const date = (v: string | Date | null) => (v === null ? null : new Date(v));

export const retentionEnd = (closedAt: Date, years: number) => {
  const end = new Date(closedAt.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
};

/** Every part's holds, in the parts' order: the order the operator reads the blockers in. */
const holds = personalDataParts.flatMap((part) => part.holds ?? []);

/**
 * Where one account stands for erasure. Erasure waits for closure and for a reason (the member asked, or the
 * retention period after closure passed); anything the company or the member still owes, or may have to prove,
 * defers it: money in the wallet or in flight, undelivered awards, a request or dispute still open, a legal hold.
 * Each module answers for its own holds, all in this one statement.
 */
export async function erasureState(
  tx: Tx,
  accountId: string,
  now: Date,
  closedAccountYears: number,
): Promise<ErasureState | null> {
  const [row] = await queryRows<Row>(
    tx,
    sql`select a.status, a.closed_at, a.erasure_requested_at, a.erased_at, ${sql.join(
      holds.map((hold, i) => sql`${hold.value(sql`a.id`)} as ${sql.identifier(`hold_${i}`)}`),
      sql`, `,
    )}
        from ${accountErasureFacts(sql`${accountId}`)} a`,
  );
  if (!row) return null;
  const closedAt = date(row.closed_at);
  const retentionEndsAt = closedAt ? retentionEnd(closedAt, closedAccountYears) : null;
  if (row.erased_at) return { status: 'erased', closedAt, dueBecause: null, retentionEndsAt, blockers: [] };
  const blockers = holds
    .map((hold, i) => hold.blocker(row[`hold_${i}`] ?? null))
    .filter((b): b is string => b !== null);
  if (row.status !== 'closed' || !closedAt)
    return { status: 'not_closed', closedAt, dueBecause: null, retentionEndsAt, blockers };
  const dueBecause = row.erasure_requested_at
    ? 'member_asked'
    : retentionEndsAt! <= now
      ? 'retention_passed'
      : null;
  if (!dueBecause) return { status: 'not_due', closedAt, dueBecause, retentionEndsAt, blockers };
  return { status: blockers.length ? 'deferred' : 'due', closedAt, dueBecause, retentionEndsAt, blockers };
}
