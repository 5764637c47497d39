import type { FastifyInstance } from 'fastify';
import { closeDueAccounts } from './closure-service';

const HOUR = 3600_000;

/**
 * Closures take effect through this job, run hourly by one instance: an account becomes 'closed' (and its
 * sessions end) within an hour of its 7th business day after confirmation. Until then it works as usual.
 */
export function scheduleClosures(app: FastifyInstance) {
  app.jobs.add({
    name: 'account-closures',
    everyMs: HOUR,
    run: async (now) => {
      const count = await closeDueAccounts(app.db, now);
      if (count > 0) app.log.info({ count }, 'confirmed account closures took effect');
    },
  });
}
