import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { paymentFacts } from '../payments/payment-fragments';
import { LOST_RESOLUTION } from './dispute-loss';

/**
 * No refund is asked while a dispute of the payment is open (decision 0056): the bank may take the money back
 * through the dispute, and a refund beside it would give it twice. Answering the dispute is the way: accepting it
 * gives the money back through Paystack. Added to the refunds' bars (refunds/refund-bars.ts) by the routes.
 */
export async function openDisputeBarsRefund(db: Tx, reference: string) {
  const [open] = await queryRows<{ paystack_id: string }>(
    db,
    sql`select d.paystack_id from disputes d join ${paymentFacts({ reference })} p on p.id = d.payment_id
        where d.status <> 'resolved' order by d.id limit 1`,
  );
  if (!open) {
    // The bank took the money back through a lost dispute: a refund beside it would pay the customer twice.
    const [lost] = await queryRows<{ paystack_id: string }>(
      db,
      sql`select d.paystack_id from disputes d join ${paymentFacts({ reference })} p on p.id = d.payment_id
          where d.status = 'resolved' and d.resolution = ${LOST_RESOLUTION} order by d.id limit 1`,
    );
    if (lost)
      return {
        code: 'refund_charged_back',
        message: `Payment ${reference} was already taken back by the customer's bank through a lost dispute (dispute ${lost.paystack_id}): nothing is left to refund.`,
      };
  }
  return open
    ? {
        code: 'refund_disputed',
        message: `Payment ${reference} is disputed at Paystack (dispute ${open.paystack_id}): no refund can be asked while the dispute is open. Answer the dispute on the Disputes page instead.`,
      }
    : null;
}
