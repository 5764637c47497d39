import type { Programme } from '@coop/core';
import {
  errorSchema,
  simulatePlanRequestSchema,
  simulationJobSchema,
  programmeParams,
  simulationJobParams,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { currentPlan } from '../plans/plan-book';

/**
 * The plan simulator (decision 0032): a draft of a programme's plan against the plan in force, run in a worker
 * thread as a job whose progress and figures the screen polls.
 */
export const planSimulationRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const job = app.planSimulations.start({
        plans: { [programme]: { draft, current: await currentPlan(app.db, programme) } },
        inputs,
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
      const job = app.planSimulations.get(request.params.id);
      if (!job)
        throw new HttpError(
          404,
          'No such simulation on this server: it may have finished more than 15 minutes ago. Run it again.',
        );
      return job;
    },
  );
};
