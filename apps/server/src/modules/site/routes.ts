import { siteSchema } from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSite } from '../../lib/public-site';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: "The site's identity for the public pages",
        response: { 200: siteSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return publicSite(app.config);
    },
  );
};
