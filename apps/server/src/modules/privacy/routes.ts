import {
  approvalPendingAnswerSchema,
  erasureListSchema,
  erasureRequestSchema,
  errorSchema,
  legalHoldSchema,
  erasureAccountParams,
  erasureAskedSchema,
  erasureKeyHeaders,
  messageAnswerSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { recordAudit } from '../audit/record-audit';
import { carryOutErasure, erasureApproval } from './erasure-approval';
import { erasureList, requestErasure, erasureRequestOf, setLegalHold } from './erasure-service';
import { scheduleRetention } from './retention';

/** Erasure of closed accounts' personal data (decision 0029): the member's ask, the operator's list and act, legal holds. */
export const erasureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(erasureApproval);
  scheduleRetention(app);

  app.get(
    '/me/erasure',
    {
      schema: {
        tags: ['member'],
        summary: 'Whether the member asked for their personal data to be erased after closure',
        response: { 200: erasureRequestSchema },
      },
    },
    async (request) => ({
      ...(await erasureRequestOf(app.db, signedIn(request).id)),
      retentionYears: app.config.retention.closedAccountYears,
    }),
  );

  app.post(
    '/me/erasure',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: ['member'],
        summary: 'Ask for the personal data to be erased once the account is closed',
        response: { 200: erasureAskedSchema },
      },
    },
    async (request) => {
      const requestedAt = await requestErasure(app.db, signedIn(request).id);
      return {
        message:
          'Noted. Once your account is closed, and nothing is still owed or open, your name, contact details and bank details will be erased. Records of payments and bonuses are kept for six years without them.',
        requestedAt: requestedAt.toISOString(),
      };
    },
  );

  app.get(
    '/admin/privacy/erasures',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Closed accounts and where each stands for erasure: due, deferred (with the reasons), not due yet, or erased',
        response: { 200: erasureListSchema },
      },
    },
    async () => ({ items: await erasureList(app.db, new Date(), app.config.retention.closedAccountYears) }),
  );

  app.post(
    '/admin/privacy/erasures/:accountId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Erase a closed account’s personal data (a second administrator approves it unless SINGLE_ADMIN_APPROVAL)',
        params: erasureAccountParams,
        headers: erasureKeyHeaders,
        response: {
          200: messageAnswerSchema,
          202: approvalPendingAnswerSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const admin = signedIn(request);
      const { accountId } = request.params;
      if (await needsSecondAdministrator(app))
        return reply
          .status(202)
          .send(
            await requestApproval(
              app,
              admin,
              erasureApproval,
              { accountId },
              request.headers['idempotency-key'],
            ),
          );
      await app.db.transaction((tx) =>
        carryOutErasure(tx, app, accountId, { makerId: admin.id, checkerId: null }),
      );
      return {
        message:
          'The member’s personal data is erased. Payments, bonuses and payouts are kept with their amounts, dates and references.',
      };
    },
  );

  app.put(
    '/admin/privacy/legal-hold/:accountId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Put a legal hold on a member’s personal data (with the reason), or lift it (reason null)',
        params: erasureAccountParams,
        body: legalHoldSchema,
        response: { 200: messageAnswerSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const admin = signedIn(request);
      const { reason } = request.body;
      await app.db.transaction(async (tx) => {
        if (!(await setLegalHold(tx, request.params.accountId, reason)))
          throw new HttpError(404, 'No such member.', 'member_not_found');
        await recordAudit(tx, {
          actorAccountId: admin.id,
          action: reason ? 'legal_hold_set' : 'legal_hold_lifted',
          targetAccountId: request.params.accountId,
          details: reason ? { reason } : {},
        });
      });
      return {
        message: reason
          ? 'Legal hold set: this member’s personal data will not be erased until it is lifted.'
          : 'Legal hold lifted.',
      };
    },
  );
};
