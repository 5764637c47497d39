import { pageQuerySchema } from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../auth/schemas';
import { listAuditLog } from './audit-log';

const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  actorAccountId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetAccountId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

/** Who did what and when: every administrative act, for administrators. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log of administrative acts, newest first',
        querystring: pageQuerySchema,
        response: { 200: z.object({ page: z.number(), pageSize: z.number(), total: z.number(), items: z.array(auditEntrySchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listAuditLog(app.db, request.query);
      return { ...request.query, total, items: items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })) };
    },
  );
};
