import { devMailQuery, devMailListSchema } from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keptMailsTo } from '../../adapters/mail/outbox';

/** Development seams (DESIGN section 7); never mounted in production. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.isProduction) return;
  app.get(
    '/dev/mail',
    {
      config: { public: true },
      schema: {
        tags: ['development'],
        summary: 'Mails kept by the outbox for an address, newest first (not in production)',
        querystring: devMailQuery,
        response: { 200: devMailListSchema },
      },
    },
    async (request) => {
      // A running worker first sends what is due, so a script or test reading right after an action finds its mail.
      if (app.mailWorker.running) await app.mailWorker.drain();
      const rows = await keptMailsTo(app.db, request.query.to);
      return rows.map((r) => ({
        id: r.id,
        to: r.toAddress,
        subject: r.subject,
        text: r.text,
        html: r.html,
        links: r.links,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );
};
