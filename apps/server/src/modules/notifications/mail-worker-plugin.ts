import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAIL_CHANNEL } from './mail-queue';
import { addMailQueueMetrics } from './mail-queue-metrics';
import { createMailWorker } from './mail-worker';

/**
 * app.mailWorker: each instance runs one mail worker (not a job-runner job: every instance helps send, and
 * SKIP LOCKED keeps them apart). It wakes on the queue's NOTIFY at commit and polls as a fallback. It starts
 * when the app is ready unless MAIL_WORKER=off, and stops before the database closes.
 */
export const mailWorkerPlugin = fp(async (app: FastifyInstance) => {
  const worker = createMailWorker(
    {
      db: app.db,
      transport: () => app.mailer,
      site: {
        name: app.config.site.name,
        email: app.config.site.email,
        publicUrl: app.config.publicUrl,
        unsubscribeSecret: app.config.jwtSecret,
      },
      log: app.log,
      instance: app.jobs.instance,
    },
    { pollMs: app.config.mail.pollMs, listen: (onNotify) => app.database.listen(MAIL_CHANNEL, onNotify) },
  );
  app.decorate('mailWorker', worker);
  addMailQueueMetrics(app);
  if (!app.config.mail.workerEnabled) return;
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
});
