import {
  approvalPendingAnswerSchema,
  errorSchema,
  simulationJobSchema,
  memberPlanSchema,
  planBodySchema,
  planVersionListSchema,
  planVersionRowSchema,
  publishedPlanSchema,
  approvalKeyHeaders,
  draftSimulationRequestSchema,
  idAnswerSchema,
  planDraftParams,
  planPublishedSchema,
  planSubmitSchema,
  planVersionParams,
  programmeParams,
  programmeQuerySchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { draftContentHash } from './draft-content';
import { currentPlan, publishedVersionRow } from './plan-book';
import { memberPlan, planVersions, publicVersion } from './plan-reads';
import { planVersionApproval } from './plan-approval';
import { cancelScheduled, createDraft, markSubmitted, publishDraft, updateDraft } from './plan-lifecycle';
import { findVersion, versionView } from './plan-versions';

/** The plan as versioned data: public versions, the member's own, and administrators' drafts through approval to publication. */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(planVersionApproval);
  // A version's terms page (/terms/<programme>/v/<n>) is drawn by the server with that version's figures.
  app.publicPageData.planVersion = async (programme, version) =>
    (await publishedVersionRow(app.db, programme, version)) ?? null;

  app.get(
    '/plans/:programme',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'The programme’s current plan version: what a position placed now is promised (kobo)',
        params: programmeParams,
        response: { 200: publishedPlanSchema },
      },
    },
    async (request) => publicVersion(app.db, request.params.programme, 'current'),
  );

  app.get(
    '/plans/:programme/versions/:version',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'A published (current or superseded) version of the programme’s plan (kobo)',
        params: planVersionParams,
        response: { 200: publishedPlanSchema, 404: errorSchema },
      },
    },
    async (request) => publicVersion(app.db, request.params.programme, request.params.version),
  );

  app.get(
    '/me/plan',
    {
      schema: {
        tags: ['member'],
        summary:
          'The plan version the signed-in member’s position joined under (before paying: the current one)',
        querystring: programmeQuerySchema,
        response: { 200: memberPlanSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const account = signedIn(request);
      if (request.query.programme && request.query.programme !== account.programme)
        throw new HttpError(
          403,
          'You are signed in to the other platform. Sign in to this one to see its plan.',
          'wrong_programme',
        );
      return memberPlan(app.db, account.id, account.programme, app.planMatrix);
    },
  );

  app.get(
    '/admin/plans/:programme',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Every version of the programme’s plan: drafts, the one waiting for approval, published and superseded',
        params: programmeParams,
        response: { 200: planVersionListSchema },
      },
    },
    async (request) => planVersions(app.db, request.params.programme),
  );

  app.get(
    '/admin/plans/:programme/drafts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'One version of the plan, with its differences against the current one',
        params: planDraftParams,
        response: { 200: planVersionRowSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { programme, id } = request.params;
      const current = await currentPlan(app.db, programme);
      return versionView(await findVersion(app.db, programme, id), current, current.version);
    },
  );

  app.post(
    '/admin/plans/:programme/drafts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Draft a new version: a full plan body (its version is ignored); the shape must be the current one’s',
        params: programmeParams,
        body: planBodySchema,
        response: { 201: idAnswerSchema, 400: errorSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createDraft(app.db, signedIn(request).id, request.params.programme, request.body)),
  );

  app.put(
    '/admin/plans/:programme/drafts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change a draft (a published version cannot change: 409)',
        params: planDraftParams,
        body: planBodySchema,
        response: { 200: idAnswerSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      updateDraft(app.db, signedIn(request).id, request.params.programme, request.params.id, request.body),
  );

  app.post(
    '/admin/plans/:programme/drafts/:id/simulate',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Simulate a draft against the current version in a worker (the plan simulator); answers a job to poll at /admin/plan-simulations/:id',
        params: planDraftParams,
        body: draftSimulationRequestSchema,
        response: { 202: simulationJobSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { programme, id } = request.params;
      const draft = await findVersion(app.db, programme, id);
      const current = await currentPlan(app.db, programme);
      // The job keeps the draft's content hash: its approval asks for a simulation of the draft as it is then.
      const hash = (await draftContentHash(app.db, programme, id))!;
      return reply.status(202).send(
        await app.planSimulations.start({
          input: { plans: { [programme]: { draft: draft.plan, current } }, inputs: request.body.inputs },
          programme,
          againstVersion: current.version,
          draft: { id, hash },
          startedBy: signedIn(request).id,
        }),
      );
    },
  );

  app.post(
    '/admin/plans/:programme/drafts/:id/submit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Submit a draft: a second administrator approves its publication as the next version (at once under SINGLE_ADMIN_APPROVAL=true), taking effect on approval or at `publishAt` (then scheduled until that time)',
        params: planDraftParams,
        headers: approvalKeyHeaders,
        body: planSubmitSchema,
        response: {
          200: planPublishedSchema,
          202: approvalPendingAnswerSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { programme, id } = request.params;
      const maker = signedIn(request);
      const publishAt = request.body?.publishAt ?? null;
      const payload = { programme, draftId: id, ...(publishAt ? { publishAt } : {}) };
      if (await needsSecondAdministrator(app)) {
        const answer = await requestApproval(
          app,
          maker,
          planVersionApproval,
          payload,
          request.headers['idempotency-key'],
        );
        await markSubmitted(
          app.db,
          programme,
          id,
          answer.approval.id,
          publishAt ? new Date(publishAt) : null,
        );
        return reply.status(202).send(answer);
      }
      await planVersionApproval.describe(app, maker, payload);
      return app.db.transaction((tx) =>
        publishDraft(
          tx,
          programme,
          id,
          { makerId: maker.id, checkerId: null },
          app.planMatrix,
          publishAt ? new Date(publishAt) : null,
        ),
      );
    },
  );

  app.post(
    '/admin/plans/:programme/drafts/:id/cancel',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Cancel a version scheduled for a later time, before that time: it becomes a draft again (409 once in force)',
        params: planDraftParams,
        response: { 200: idAnswerSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    // One administrator may cancel: it keeps the terms in force, the safe direction (decision 0062); audited.
    async (request) =>
      cancelScheduled(app.db, signedIn(request).id, request.params.programme, request.params.id),
  );
};
