import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { PayoutDeps } from './run-payout';

/** The words a transfer carries before its period, the same for a run's transfers and a resumed one. */
export const transferReasonPrefix = (site: Pick<Config['site'], 'shortName'>) =>
  `${site.shortName} bonus payout`;

/** What a run is made from: the app, or the approval acts' and the payout day's deps (a part the app satisfies). */
export type PayoutSource = Pick<FastifyInstance, 'db' | 'payments' | 'config' | 'paymentWork' | 'log'>;

/** What a run needs from the app, the same for an administrator's run and the payout day's. */
export const payoutDeps = (app: PayoutSource): PayoutDeps => ({
  db: app.db,
  provider: app.payments,
  minimumKobo: app.config.payout.minimumKobo,
  reasonPrefix: transferReasonPrefix(app.config.site),
  inBackground: (name, work) => app.paymentWork.run(name, work),
  log: app.log,
  shouldStop: () => app.paymentWork.closing,
});
