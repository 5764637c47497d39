import { refundLeftKobo } from '@coop/core';
import {
  approvalPendingAnswerSchema,
  errorResponses,
  errorSchema,
  refundCheckedSchema,
  refundOverviewSchema,
  refundRequestSchema,
  refundStartedSchema,
  refundKeyHeaders,
  refundParams,
  refundPaymentParams,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { refundApproval } from './refund-approval';
import { handleRefundEvents } from './refund-events';
import { refundOverview, refundView } from './refund-overview';
import { askPaystackNow, scheduleRefundRecheck } from './refund-recheck';
import { paymentForRefund } from './refund-store';
import { startRefund } from './start-refund';

/**
 * Refunds of payments that placed no position (decision 0033): the screen's facts, and the refund itself, which
 * waits for a second administrator (refund-approval.ts) unless the deployment runs with one. Admin only.
 */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(refundApproval);
  handleRefundEvents(app);
  scheduleRefundRecheck(app);

  app.get(
    '/admin/payments/:reference/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'A payment as its refund screen shows it: whether and how much may be refunded, a request waiting, its refunds',
        params: refundPaymentParams,
        response: { 200: refundOverviewSchema, 404: errorSchema, ...errorResponses },
      },
    },
    async (request) => refundOverview(app.db, request.params.reference),
  );

  app.post(
    '/admin/payments/:reference/refunds',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Refund a payment that placed no position, fully (no amount) or partly, with a reason, through Paystack's Refund API; waits for a second administrator (202)",
        params: refundPaymentParams,
        headers: refundKeyHeaders,
        body: refundRequestSchema,
        response: {
          200: refundStartedSchema,
          202: approvalPendingAnswerSchema,
          404: errorSchema,
          422: errorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const payment = await paymentForRefund(app.db, request.params.reference);
      if (!payment) throw new HttpError(404, 'There is no payment with this reference.', 'payment_unknown');
      // No amount: all that is left. The checks are the act's (describe) or startRefund's, after its replay check.
      const amountKobo =
        typeof request.body.amount === 'number' ? request.body.amount : refundLeftKobo(payment);
      const ask = {
        reference: payment.reference,
        amountKobo,
        reason: request.body.reason,
        idempotencyKey: request.headers['idempotency-key'],
      };
      const maker = signedIn(request);
      if (await needsSecondAdministrator(app))
        return reply
          .status(202)
          .send(await requestApproval(app, maker, refundApproval, ask, ask.idempotencyKey));
      const { refund } = await startRefund(app, ask, { requestedBy: maker.id, approvedBy: null });
      const message =
        refund.status === 'failed'
          ? `The refund did not go through: ${refund.providerNote ?? 'Paystack refused it.'}`
          : 'The refund was sent to Paystack.';
      return { message, refund: refundView(refund) };
    },
  );

  app.post(
    '/admin/refunds/:id/check',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Ask Paystack now about a refund that waits (GET /refund/:id) and apply its answer, as its events are applied; audited',
        params: refundParams,
        response: { 200: refundCheckedSchema, 404: errorSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { message, refund } = await askPaystackNow(app, request.params.id, {
        accountId: signedIn(request).id,
        address: request.ip,
      });
      return { message, refund: refundView(refund) };
    },
  );
};
