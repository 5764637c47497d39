import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { paymentsDueForCheck } from './queries';
import { settlePayment } from './settle-payment';

const MINUTE = 60_000;
const BATCH = 100;

/**
 * Re-asks the provider about payments still unpaid after 15 minutes (see paymentsDueForCheck), so a lost
 * webhook and a closed browser still activate the member. Each payment settles on its own: one failure does not stop the rest.
 */
export async function reconcilePendingPayments(
  deps: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  now = new Date(),
) {
  const { db, payments, log } = deps;
  const due = await paymentsDueForCheck(db, now, BATCH);
  const counts = { checked: 0, activated: 0, failed: 0, leftForNextRun: 0 };
  for (const [i, { reference }] of due.entries()) {
    try {
      const outcome = await settlePayment({ db, provider: payments, log }, reference);
      counts.checked += 1;
      if (outcome.result === 'activated') counts.activated += 1;
    } catch (error) {
      counts.failed += 1;
      // Paystack is away (it kept failing or timing out after the client's retries): asking about the rest now would
      // only hold the job runner for each one's timeouts. They wait, unchanged, for the next run (decision 0046).
      if (error instanceof PaymentProviderError && error.retryable) {
        counts.leftForNextRun = due.length - i - 1;
        log.warn(
          { reason: error.message, reference, waiting: counts.leftForNextRun },
          'reconciliation: the payment provider does not answer; the payments wait for the next run',
        );
        break;
      }
      log.warn(
        { err: error, reference },
        'reconciliation: the payment could not be checked; next run tries again',
      );
    }
  }
  if (counts.checked + counts.failed > 0) log.info(counts, 'reconciliation of pending payments');
  return counts;
}

/** The reconciliation as a scheduled job: every few minutes, on one instance at a time. */
export function scheduleReconciliation(app: FastifyInstance, everyMs = 5 * MINUTE) {
  app.jobs.add({ name: 'payment-reconciliation', everyMs, run: (now) => reconcilePendingPayments(app, now) });
}
