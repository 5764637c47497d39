import { getPlan, toNairaString, programmeName } from '@coop/core';
import {
  paymentInitSchema,
  legacyErrorSchema,
  paymentReferenceParams,
  paymentStartedSchema,
  paymentStatusSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { httpErrorOf } from '../../plugins/errors';
import { rateLimited } from '../../plugins/rate-limits';
import { initiatePayment, PAYMENTS_PAUSED_RETRY_AFTER_SECONDS } from './initiate-payment';
import { paymentStatus } from './payment-status';
import { addPaymentMetrics } from './payment-metrics';
import { scheduleReconciliation } from './reconcile';
import { handleChargeEvents } from './charge-events';

/** Expected refusals keep their message, even the 503 for a provider that does not answer (the error handler hides 5xx). */
const asAnswer = (error: unknown) => {
  const refusal = httpErrorOf(error);
  return refusal
    ? {
        status: refusal.statusCode as 403 | 409 | 503,
        body: { message: refusal.message, Message: refusal.message, code: refusal.code },
      }
    : null;
};

/** Fee payments: start a checkout (the spec's two calls), and the status the callback pages ask for. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  scheduleReconciliation(app);
  handleChargeEvents(app);
  addPaymentMetrics(app);
  // Each start asks the provider for a checkout: plenty for a person, not for a script.
  const startLimit = rateLimited(
    app,
    'payment-start',
    { perAccount: { max: 10, window: 15 * 60_000 } },
    (request) => signedIn(request).id,
  );

  for (const [path, programme] of [
    ['/auth/process-payment', 'main'],
    ['/auth/welcomepaystack', 'welcomeback'],
  ] as const) {
    const fee = toNairaString(getPlan(programme).feeKobo);
    app.post(
      path,
      {
        config: { programme },
        preHandler: startLimit,
        schema: {
          tags: ['payments'],
          summary: `Start the ${programmeName(programme)} fee payment (N${fee}) for the signed-in account; data is the checkout address`,
          body: paymentInitSchema,
          response: {
            200: paymentStartedSchema,
            403: legacyErrorSchema,
            409: legacyErrorSchema,
            429: legacyErrorSchema,
            503: legacyErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const account = signedIn(request);
        try {
          const started = await initiatePayment(
            { db: app.db, provider: app.payments, publicUrl: app.config.publicUrl, log: request.log },
            account,
            request.body.email,
          );
          const message = 'Payment link created. Click PAY NOW to pay.';
          return {
            message,
            Message: message,
            data: started.authorizationUrl,
            reference: started.reference,
            amount: toNairaString(started.amountKobo),
          };
        } catch (error) {
          const answer = asAnswer(error);
          if (!answer) throw error;
          // Payments paused (Paystack does not answer): when to press Pay again, as the database's 503 says it.
          if (answer.status === 503) reply.header('retry-after', String(PAYMENTS_PAUSED_RETRY_AFTER_SECONDS));
          return reply.status(answer.status).send(answer.body);
        }
      },
    );
  }

  app.get(
    '/payments/:reference',
    {
      schema: {
        tags: ['payments'],
        summary:
          'A payment of the signed-in account, checked with the provider when not yet paid; the stage once paid',
        params: paymentReferenceParams,
        response: {
          200: paymentStatusSchema,
          404: legacyErrorSchema,
        },
      },
    },
    async (request) =>
      paymentStatus(
        { db: app.db, provider: app.payments, log: request.log },
        signedIn(request).id,
        request.params.reference,
      ),
  );
};
