import type { FastifyInstance } from 'fastify';
import type { PayoutDeps } from './run-payout';

/** What a run needs from the app, the same for an administrator's run and the payout day's. */
export const payoutDeps = (app: FastifyInstance): PayoutDeps => ({
  db: app.db,
  provider: app.payments,
  minimumKobo: app.config.payout.minimumKobo,
  reasonPrefix: `${app.config.site.shortName} bonus payout`,
  inBackground: (name, work) => app.paymentWork.run(name, work),
  log: app.log,
  shouldStop: () => app.paymentWork.closing,
});
