import type { FastifyInstance } from 'fastify';
import { closeDueAccounts } from './closure-service';

const HOUR = 3600_000;

/**
 * Closures take effect through this check, run at start and every hour: an account becomes 'closed' (and
 * its sessions end) within an hour of its 7th business day after confirmation. Until then it works as usual.
 */
export function scheduleClosures(app: FastifyInstance) {
  const run = () =>
    closeDueAccounts(app.db, new Date())
      .then((count) => {
        if (count > 0) app.log.info({ count }, 'confirmed account closures took effect');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'closing due accounts failed; retrying next hour'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, HOUR);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
