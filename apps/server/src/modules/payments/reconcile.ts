import type { FastifyInstance } from 'fastify';
import { pendingPaymentsBetween } from './queries';
import { settlePayment } from './settle-payment';

const MINUTE = 60_000;
/** Old enough that the webhook should have come; young enough that Paystack still retries it (72 hours) and a bit more. */
export const RECONCILE_AFTER_MS = 15 * MINUTE;
const RECONCILE_WITHIN_MS = 7 * 24 * 60 * MINUTE;
const BATCH = 100;

/**
 * Re-asks the provider about payments still pending after 15 minutes, so a lost webhook and a closed browser
 * still activate the member. Each payment settles on its own: one failure does not stop the rest.
 */
export async function reconcilePendingPayments(app: FastifyInstance, now = new Date()) {
  const due = await pendingPaymentsBetween(app.db, new Date(now.getTime() - RECONCILE_WITHIN_MS), new Date(now.getTime() - RECONCILE_AFTER_MS), BATCH);
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

/** Runs the reconciliation every few minutes while the app is up; one run at a time; stopped when the app closes. */
export function startReconciliation(app: FastifyInstance, everyMs = 5 * MINUTE) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcilePendingPayments(app)
      .catch((error: unknown) => app.log.warn({ err: error }, 'reconciliation run failed'))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
