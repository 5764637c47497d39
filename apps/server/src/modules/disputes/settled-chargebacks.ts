import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { disputes } from '../../db/schema';
import { paymentFacts } from '../payments/payment-fragments';
import { LOST_RESOLUTION } from './dispute-loss';

/**
 * The disputes lost (resolved for the customer) within (after, until] by Paystack's resolution time: the chargebacks
 * Paystack takes from the settlement of that period (modules/settlements, decision 0058).
 */
export async function lostDisputesBetween(db: Tx, after: Date, until: Date) {
  return db
    .select({
      id: disputes.id,
      paymentReference: sql<string>`(select fp.reference from ${paymentFacts({ id: sql`${disputes.paymentId}` })} fp)`,
      accountId: disputes.accountId,
      amountKobo: disputes.refundAmountKobo,
    })
    .from(disputes)
    .where(
      and(
        eq(disputes.status, 'resolved'),
        eq(disputes.resolution, LOST_RESOLUTION),
        gt(disputes.resolvedAt, after),
        lte(disputes.resolvedAt, until),
      ),
    );
}
