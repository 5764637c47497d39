import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * What another module knows that stops a payment being refunded now (decision 0056): a dispute open on it
 * (modules/disputes) bars a refund, since the customer's bank may take the money back too. Refunds cannot import
 * disputes (disputes reads refunds), so the other module adds its check here when its routes are registered.
 * Each bar answers null, or the refusal in the screen's words.
 */
export type RefundBar = (db: Tx, reference: string) => Promise<{ code: string; message: string } | null>;

const bars = new Set<RefundBar>();

/** Adding the same bar again (a second app in one process) changes nothing. */
export const addRefundBar = (bar: RefundBar) => void bars.add(bar);

export async function refundBarOf(db: Tx, reference: string) {
  for (const bar of bars) {
    const refusal = await bar(db, reference);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * The same knowledge as SQL for the refund lists (decision 0057): `barred` is a condition true while the payment
 * named by `referenceSql` may not be refunded (a dispute open on it), so the awaiting-refund list leaves it out;
 * `givenBackKobo` is what went back to the payer otherwise (a lost dispute: the bank took it back), so it is no
 * longer owed.
 */
export interface RefundListFragments {
  barred(referenceSql: SQL): SQL;
  givenBackKobo(referenceSql: SQL): SQL;
}

const listFragments = new Set<RefundListFragments>();

/** Adding the same fragments again (a second app in one process) changes nothing. */
export const addRefundListFragments = (fragments: RefundListFragments) => void listFragments.add(fragments);

/** True when another module bars the payment's refund now (false when none is registered). */
export const barredFromRefundSql = (referenceSql: SQL) =>
  sql`(false${sql.join(
    [...listFragments].map((f) => sql` or ${f.barred(referenceSql)}`),
    sql``,
  )})`;

/** What went back to the payer other than by a refund (0 when none is registered). */
export const givenBackOtherwiseKobo = (referenceSql: SQL) =>
  sql`(0${sql.join(
    [...listFragments].map((f) => sql` + ${f.givenBackKobo(referenceSql)}`),
    sql``,
  )})`;
