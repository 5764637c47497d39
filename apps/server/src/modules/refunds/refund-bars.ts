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
