import {
  healthSchema,
  liveSchema,
  messageAnswerSchema,
  notReadySchema,
  readySchema,
} from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseReadiness } from '../../db/readiness';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../plugins/errors';

const NOT_READY_MESSAGES = {
  database_unreachable: 'The database is not answering.',
  migrations_behind: 'The database has not been migrated to this version yet.',
} as const;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: {
          200: healthSchema,
          503: messageAnswerSchema,
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        app.log.error({ err: error }, 'database check failed');
        return reply.status(503).send({ message: 'The database is not answering.' });
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );

  // Liveness (decision 0042): the process is up and its event loop turns. It never touches the database, so an
  // orchestrator does not restart every instance while the database is away: restarting would not bring it back.
  app.get(
    '/health/live',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'Liveness: the process answers (never asks the database)',
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'live' as const }),
  );

  // Readiness: whether a load balancer should send this instance requests now. 503 while the database does not
  // answer or lacks this version's migrations; the instance stays up and becomes ready again by itself.
  app.get(
    '/health/ready',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'Readiness: the database answers and has every migration of this version',
        response: {
          200: readySchema,
          503: notReadySchema,
        },
      },
    },
    async (request, reply) => {
      const readiness = await databaseReadiness(app.db);
      if (!readiness.ready) {
        request.log.warn({ reason: readiness.reason, detail: readiness.detail.slice(0, 300) }, 'not ready');
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ message: NOT_READY_MESSAGES[readiness.reason], code: readiness.reason });
      }
      return { status: 'ready' as const, database: app.database.kind };
    },
  );
};
