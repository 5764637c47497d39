import { and, eq, gt, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { refunds } from '../../db/schema';

/**
 * The refunds Paystack paid back (processed) within (after, until]: what it takes from the settlement of that
 * period (modules/settlements, decision 0058). The refund's end is when we learnt it was processed.
 */
export async function processedRefundsBetween(db: Tx, after: Date, until: Date) {
  return db
    .select({
      id: refunds.id,
      paymentReference: refunds.paymentReference,
      accountId: refunds.accountId,
      amountKobo: refunds.amountKobo,
    })
    .from(refunds)
    .where(and(eq(refunds.status, 'processed'), gt(refunds.endedAt, after), lte(refunds.endedAt, until)));
}
