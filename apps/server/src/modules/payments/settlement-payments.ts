import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { payments } from '../../db/schema';

/** What a settlement's line is matched against: our payment of that reference and what Paystack told us of its charge. */
export interface SettledPaymentFacts {
  id: string;
  reference: string;
  accountId: string;
  status: string;
  amountKobo: number;
  /** Verify's amount (null for a payment made before migration 0035). */
  chargedKobo: number | null;
  customerFeeKobo: number | null;
  paystackFeesKobo: number | null;
}

/** The payments of the given references, in one statement (the settlements module matches a page of them at once). */
export async function paymentsByReferences(db: Tx, references: string[]): Promise<SettledPaymentFacts[]> {
  if (references.length === 0) return [];
  return db
    .select({
      id: payments.id,
      reference: payments.reference,
      accountId: payments.accountId,
      status: payments.status,
      amountKobo: payments.amountKobo,
      chargedKobo: payments.chargedKobo,
      customerFeeKobo: payments.customerFeeKobo,
      paystackFeesKobo: payments.paystackFeesKobo,
    })
    .from(payments)
    .where(inArray(payments.reference, references));
}
