import type { Tx } from '../../db/client';
import { postEntry } from '../ledger/post-entry';
import type { RefundRow } from './refund-store';

/**
 * Money Paystack paid back: it leaves what Paystack holds for us (provider settlement, credited) and what we owe
 * back (refunds payable, debited). The payment's own entry (payments/refunds-due.ts recordMoneyOwedBack) put it
 * in both, so after a full refund both are where they were before the payment, and the journal balances at each
 * step. A partial refund leaves the rest in refunds payable: still owed. One entry per refund, by its key.
 */
export async function recordRefundProcessed(tx: Tx, refund: RefundRow) {
  return postEntry(tx, {
    kind: 'refund',
    idempotencyKey: `refund:${refund.id}`,
    programme: refund.programme,
    memo: `Refund ${refund.id} of payment ${refund.paymentReference}, paid back by Paystack`,
    lines: [
      { account: { kind: 'refunds_payable', programme: refund.programme }, amountKobo: -refund.amountKobo },
      {
        account: { kind: 'provider_settlement', programme: refund.programme },
        amountKobo: refund.amountKobo,
      },
    ],
  });
}
