import { toNairaString } from '@coop/core';
import {
  grantApplicationSchema,
  grantDecisionSchema,
  grantListQuerySchema,
  idParams,
  myGrantsSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { grantApproval } from './grant-approval';
import { applyForGrant, decideGrant, grantCeilingKobo, withdrawGrant } from './grant-service';
import { grantsOf, grantView, listGrants } from './grant-store';
import {
  adminGrantPageSchema,
  approvalKeyHeaders,
  approvalPendingAnswerSchema,
  errorSchema,
  grantSchema,
} from '@coop/core/contracts';

/** The Executive grant (Main stage 5): members apply and follow it; administrators decide. */
export const grantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(grantApproval);

  app.get(
    '/me/grant',
    {
      schema: {
        tags: ['member'],
        summary: 'The signed-in member’s grant applications, newest first, and the ceiling',
        response: { 200: myGrantsSchema },
      },
    },
    async (request) => {
      const accountId = signedIn(request).id;
      const rows = await grantsOf(app.db, accountId);
      return {
        ceiling: toNairaString(await grantCeilingKobo(app.db, accountId)),
        applications: rows.map(grantView),
      };
    },
  );

  app.post(
    '/me/grant',
    {
      schema: {
        tags: ['member'],
        summary: 'Apply for the grant (Main, stage 5 Executive and above; one pending at a time)',
        body: grantApplicationSchema,
        response: { 201: grantSchema, 400: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const grant = await applyForGrant(app.db, signedIn(request), {
        amountKobo: request.body.amount,
        purpose: request.body.purpose,
      });
      return reply.status(201).send(grant);
    },
  );

  app.post(
    '/me/grant/:id/withdraw',
    {
      schema: {
        tags: ['member'],
        summary: 'Withdraw one of the signed-in member’s pending grant applications (audited)',
        params: idParams,
        response: { 200: grantSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => withdrawGrant(app.db, signedIn(request).id, request.params.id),
  );

  app.get(
    '/admin/grants',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Grant applications, pending first, paged',
        querystring: grantListQuerySchema,
        response: { 200: adminGrantPageSchema },
      },
    },
    async (request) => {
      const { status, page, pageSize } = request.query;
      const result = await listGrants(app.db, { status, limit: pageSize, offset: (page - 1) * pageSize });
      return { page, pageSize, ...result };
    },
  );

  app.put(
    '/admin/grants/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Approve or decline a pending grant application (recorded in the audit log)',
        params: idParams,
        body: grantDecisionSchema,
        headers: approvalKeyHeaders,
        response: { 200: grantSchema, 202: approvalPendingAnswerSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      // Approving moves money later, so it waits for a second administrator; declining moves nothing and is at once.
      if (request.body.decision === 'approved' && (await needsSecondAdministrator(app)))
        return reply
          .status(202)
          .send(
            await requestApproval(
              app,
              signedIn(request),
              grantApproval,
              { grantId: request.params.id, ...(request.body.note ? { note: request.body.note } : {}) },
              request.headers['idempotency-key'],
            ),
          );
      return decideGrant(app.db, signedIn(request).id, request.params.id, request.body);
    },
  );
};
