import {
  approvalPendingAnswerSchema,
  disputeAnswerSchema,
  disputeListSchema,
  errorResponses,
  errorSchema,
  disputeAnsweredSchema,
  disputeListQuerySchema,
  idParams,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SANDBOX_PREFIX } from '../../adapters/payments';
import { signedIn } from '../../plugins/auth';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { addRefundBar, addRefundListFragments } from '../refunds/refund-bars';
import { answerDispute } from './answer-dispute';
import { disputeAcceptApproval } from './dispute-approval';
import { handleDisputeEvents } from './dispute-event-queue';
import { disputeById, listDisputes } from './dispute-list';
import { disputeRefundListFragments } from './dispute-loss';
import { openDisputeBarsRefund } from './dispute-refund-bar';

const admin = { access: 'admin' as const };

/** Disputes (chargebacks) of members' card payments: the list for administrators and their answer through Paystack. */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  handleDisputeEvents(app);
  addRefundBar(openDisputeBarsRefund);
  addRefundListFragments(disputeRefundListFragments);
  app.approvalActs.add(disputeAcceptApproval);
  // Paystack's dashboard lists the disputes; in test mode the sandbox's records page stands in for it.
  const dashboardUrl =
    app.config.payments.provider === 'sandbox'
      ? `${app.config.publicUrl}${SANDBOX_PREFIX}/checkout/records`
      : 'https://dashboard.paystack.com/#/disputes';

  app.get(
    '/admin/disputes',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          "Disputes of members' card payments: open ones first by Paystack's due date, or resolved ones; optionally one member's",
        querystring: disputeListQuerySchema,
        response: { 200: disputeListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page, pageSize, state, accountId } = request.query;
      const { total, items } = await listDisputes(app.db, {
        state,
        accountId,
        limit: pageSize,
        offset: (page - 1) * pageSize,
        dashboardUrl,
      });
      return { page, pageSize, total, items };
    },
  );

  app.post(
    '/admin/disputes/:id/answer',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          "Contest a dispute through Paystack's dispute API with a note, once (audited); accepting it sends money back, so it waits for a second administrator (202) and is sent to Paystack when approved",
        params: idParams,
        body: disputeAnswerSchema,
        response: {
          200: disputeAnsweredSchema,
          202: approvalPendingAnswerSchema,
          ...errorResponses,
          404: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const maker = signedIn(request);
      // Accepting is money going out, like a refund of the same amount: a second administrator approves it.
      if (request.body.answer === 'accept' && (await needsSecondAdministrator(app)))
        return reply
          .status(202)
          .send(
            await requestApproval(
              app,
              maker,
              disputeAcceptApproval,
              { disputeId: request.params.id, note: request.body.note },
              undefined,
            ),
          );
      const message = await answerDispute(app, maker, request.params.id, request.body);
      return { message, dispute: (await disputeById(app.db, request.params.id, dashboardUrl))! };
    },
  );
};
