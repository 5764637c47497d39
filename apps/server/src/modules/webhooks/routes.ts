import type { FastifyPluginAsync } from 'fastify';
import { webhookEnvelope } from '../../adapters/payments/paystack-schemas';
import { processDisputeEvents } from '../disputes/dispute-event-queue';
import { settlePayment } from '../payments/settle-payment';
import { storePaymentEvent } from './store-event';
import { processTransferEvents, scheduleTransferEvents } from './transfer-event-queue';

/**
 * POST /api/webhooks/paystack. The signature is checked over the raw bytes (so this route alone keeps the
 * body as a Buffer), the event is stored, and the answer goes out at once, well inside Paystack's 30 s
 * (paystack.com/docs/payments/webhooks: "do slow work after answering"). A charge is then settled in the
 * background, where the provider is asked before any value is given; a transfer event is applied from its stored
 * row by the job runner (transfer-event-queue.ts), started at once and again every minute for what is left.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  scheduleTransferEvents(app);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/paystack',
    {
      config: { public: true },
      schema: { tags: ['payments'], summary: 'Paystack webhook (signed with x-paystack-signature); answers 200 once stored' },
    },
    async (request, reply) => {
      const raw = request.body;
      const signature = request.headers['x-paystack-signature'];
      if (!Buffer.isBuffer(raw) || !app.payments.verifyWebhookSignature(raw, typeof signature === 'string' ? signature : undefined)) {
        request.log.warn('webhook refused: bad or missing signature');
        return reply.status(401).send({ message: 'Invalid signature' });
      }
      let parsed;
      let holdsNul = false;
      try {
        // PostgreSQL cannot keep \u0000 in JSON, and Paystack never sends one: such an event is refused whole.
        const json: unknown = JSON.parse(raw.toString('utf8'), (key, value: unknown) => {
          if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) holdsNul = true;
          return value;
        });
        parsed = holdsNul ? null : webhookEnvelope.safeParse(json);
      } catch {
        parsed = null;
      }
      if (holdsNul) request.log.warn('webhook refused: a signed event holds a NUL character');
      if (!parsed?.success) return reply.status(400).send({ message: 'Not a Paystack event' });
      const event = parsed.data;
      const reference = typeof event.data.reference === 'string' ? event.data.reference : null;
      const stored = await storePaymentEvent(app.db, event.event, reference, event);

      if (event.event === 'charge.success' && reference) {
        app.paymentWork.run(`settle ${reference}`, () => settlePayment({ db: app.db, provider: app.payments, log: request.log }, reference));
      } else if (event.event.startsWith('transfer.')) {
        // Stored first, so nothing is lost if this process dies now: the job applies what this does not.
        app.paymentWork.run(`transfer event ${stored.id}`, () => processTransferEvents(app, stored.id));
      } else if (event.event.startsWith('charge.dispute.')) {
        app.paymentWork.run(`dispute event ${stored.id}`, () => processDisputeEvents(app, stored.id));
      }
      return reply.status(200).send({ received: true });
    },
  );
};
