import { auditLogQuerySchema, auditLogSchema, errorResponses } from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAuditLog } from './audit-log';

/** Who did what and when: every administrative act, for administrators. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The audit log of administrative acts, newest first, filtered by action, actor, member and Lagos days',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total, actions } = await listAuditLog(app.db, request.query);
      const { page, pageSize } = request.query;
      return {
        page,
        pageSize,
        total,
        actions,
        items: items.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
      };
    },
  );
};
