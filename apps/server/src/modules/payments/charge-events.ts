import type { FastifyInstance } from 'fastify';
import { retryWhileDatabaseUnavailable } from '../../db/unavailable';
import { settlePayment } from './settle-payment';

/**
 * charge.success: the payment it names is settled in the background, where the provider is asked before any
 * value is given (the event's own words are not trusted). Not applied from its stored row: the reconciliation job
 * (reconcile.ts) is the safety net for a charge whose settling did not finish.
 */
export function handleChargeEvents(app: FastifyInstance) {
  app.providerEvents.add({
    events: 'charge.success',
    received: ({ reference }, log) =>
      reference === null
        ? null
        : {
            name: `settle ${reference}`,
            // Settling is exactly-once, so when the database goes away mid-way it is simply done again once it
            // answers (decision 0042): the charged member is placed then, not at the reconciliation job's next look.
            run: () =>
              retryWhileDatabaseUnavailable(
                () => settlePayment({ db: app.db, provider: app.payments, log }, reference),
                {
                  what: `settling payment ${reference}`,
                  log,
                  maxWaitMs: 5 * 60_000,
                  // Closing gives up the wait: the reconciliation job settles it after the restart.
                  shouldStop: () => app.paymentWork.closing,
                },
              ),
          },
  });
}
