import type { Programme } from '@coop/core';
import {
  errorSchema,
  simulatePlanRequestSchema,
  simulationJobSchema,
  programmeParams,
  simulationJobParams,
} from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { currentPlan } from '../plans/plan-book';
import { currentDraftSimulationSql, sweepJobs } from './simulation-store';

/**
 * The plan simulator (decisions 0032, 0061): a draft of a programme's plan against the plan in force, run in a worker
 * thread as a job whose progress and figures the screen polls.
 */
export const planSimulationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.add({
    name: 'plan-simulation-sweep',
    everyMs: 24 * 3600_000,
    run: async (now) => {
      const deleted = await sweepJobs(app.db, now);
      if (deleted > 0) app.log.info({ deleted }, 'old plan simulations deleted');
    },
  });
  // A plan approval's card shows the latest simulation of the draft as it is now (decision 0061).
  app.approvalActs.useCard('plan_version', (payload) =>
    currentDraftSimulationSql(sql`(${payload}->>'draftId')::bigint`),
  );
  app.post(
    '/admin/plans/:programme/simulate',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Simulate a draft of the programme's plan against the plan in force; answers a job to poll",
        params: programmeParams,
        body: simulatePlanRequestSchema,
        response: { 202: simulationJobSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const programme: Programme = request.params.programme;
      const { draft, inputs } = request.body;
      if (draft.programme !== programme)
        throw new HttpError(400, `This is a draft of the ${draft.programme} plan, not of ${programme}.`);
      // Against the published version in force, which an administrator may have changed since version 1.
      const current = await currentPlan(app.db, programme);
      const job = await app.planSimulations.start({
        input: { plans: { [programme]: { draft, current } }, inputs },
        programme,
        againstVersion: current.version,
        draft: null,
        startedBy: signedIn(request).id,
      });
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/admin/plan-simulations/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A simulation's progress, then its figures (kobo), draft and plan in force side by side",
        params: simulationJobParams,
        response: { 200: simulationJobSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const job = await app.planSimulations.get(request.params.id);
      if (!job) throw new HttpError(404, 'There is no such simulation.');
      return job;
    },
  );
};
