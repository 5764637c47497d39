import type { FastifyInstance } from 'fastify';
import { mailQueueCounts, oldestWaitingMail } from './mail-backlog';

/**
 * The mail queue's figures for GET /metrics: mails by status (sent ones left out: they only pile up) and the age of
 * the oldest mail still waiting to go (queued or being sent, a retry's back-off included); the dashboard's backlog
 * reads the same queries (mail-backlog.ts).
 */
export function addMailQueueMetrics(app: FastifyInstance) {
  app.metrics.gauge({
    name: 'coop_mail_queue_mails',
    help: 'Mails in the queue by status: queued and sending are waiting to go, failed gave up (Mails in the admin area)',
    labelNames: ['status'],
    read: async () => {
      const counts = await mailQueueCounts(app.db);
      // Every status is answered, 0 included, so a rule sees "none waiting" rather than no series at all.
      return (['queued', 'sending', 'failed'] as const).map((status) => ({
        labels: { status },
        value: counts[status],
      }));
    },
  });
  app.metrics.gauge({
    name: 'coop_mail_queue_oldest_waiting_seconds',
    help: 'Age of the oldest mail waiting to go (queued or sending); 0 when none waits',
    read: async () => {
      // The same query as the dashboard's backlog (mail-backlog.ts).
      const oldest = await oldestWaitingMail(app.db);
      return [{ value: oldest ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0 }];
    },
  });
}
