import type { FastifyInstance } from 'fastify';
import { paymentsDueForCheck } from './queries';
import { settlePayment } from './settle-payment';

const MINUTE = 60_000;
const BATCH = 100;

/**
 * Re-asks the provider about payments still unpaid after 15 minutes (see paymentsDueForCheck), so a lost
 * webhook and a closed browser still activate the member. Each payment settles on its own: one failure does not stop the rest.
 */
export async function reconcilePendingPayments(app: FastifyInstance, now = new Date()) {
  const due = await paymentsDueForCheck(app.db, now, BATCH);
  const counts = { checked: 0, activated: 0, failed: 0 };
  for (const { reference } of due) {
    try {
      const outcome = await settlePayment({ db: app.db, provider: app.payments, log: app.log }, reference);
      counts.checked += 1;
      if (outcome.result === 'activated') counts.activated += 1;
    } catch (error) {
      counts.failed += 1;
      app.log.warn({ err: error, reference }, 'reconciliation: the payment could not be checked; next run tries again');
    }
  }
  if (counts.checked + counts.failed > 0) app.log.info(counts, 'reconciliation of pending payments');
  return counts;
}

/** The reconciliation as a scheduled job: every few minutes, on one instance at a time. */
export function scheduleReconciliation(app: FastifyInstance, everyMs = 5 * MINUTE) {
  app.jobs.add({ name: 'payment-reconciliation', everyMs, run: (now) => reconcilePendingPayments(app, now) });
}
