import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The short, explicit list of configuration the browser may see: the site's identity, nothing else. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: "The site's identity for the public pages",
        response: {
          200: z.object({
            name: z.string(),
            shortName: z.string(),
            address: z.string(),
            email: z.string(),
            phones: z.array(z.string()),
            social: z.object({ facebook: z.string(), twitter: z.string(), instagram: z.string() }),
            publicUrl: z.string(),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { ...app.config.site, publicUrl: app.config.publicUrl };
    },
  );
};
