import type { FastifyPluginAsync } from 'fastify';
import { webhookEnvelope } from '../../adapters/payments/paystack-schemas';
import { settlePayment } from '../payments/settle-payment';
import { handleTransferEvent } from '../payouts/transfer-events';
import { storePaymentEvent } from './store-event';

/**
 * POST /api/webhooks/paystack. The signature is checked over the raw bytes (so this route alone keeps the
 * body as a Buffer), the event is stored, and the answer goes out at once; a charge is then settled in the
 * background, where the provider is asked before any value is given. Transfer events go to the payouts
 * area before the answer.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
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
      await storePaymentEvent(app.db, event.event, reference, event);

      if (event.event === 'charge.success' && reference) {
        app.paymentWork.run(`settle ${reference}`, () => settlePayment({ db: app.db, provider: app.payments, log: request.log }, reference));
      } else if (event.event.startsWith('transfer.')) {
        // Answered only once applied: when the provider cannot be asked this throws, the 5xx makes Paystack send it again.
        await handleTransferEvent(app, event);
      }
      return reply.status(200).send({ received: true });
    },
  );
};
