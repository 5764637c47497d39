import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema';

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
        querystring: z.object({ to: z.email() }),
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              to: z.string(),
              subject: z.string(),
              text: z.string(),
              html: z.string(),
              links: z.array(z.string()),
              createdAt: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => {
      // A running worker first sends what is due, so a script or test reading right after an action finds its mail.
      if (app.mailWorker.running) await app.mailWorker.drain();
      const rows = await app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, request.query.to.toLowerCase()))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(50);
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
