import type { FastifyPluginAsync } from 'fastify';
import { webhookEnvelope } from '../../adapters/payments/paystack-schemas';
import { storePaymentEvent } from '../payments/provider-events';

/**
 * POST /api/webhooks/paystack. The signature is checked over the raw bytes (so this route alone keeps the
 * body as a Buffer), the event is stored, and the answer goes out at once, well inside Paystack's 30 s
 * (paystack.com/docs/payments/webhooks: "do slow work after answering"). The route knows no kind of event: the
 * module that registered the event's kind (app.providerEvents, modules/payments/provider-events.ts) says what
 * is done after the answer; an event no module takes is only kept.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const received = app.metrics.counter({
    name: 'coop_webhooks_received_total',
    help: 'Paystack webhooks this instance received, by outcome: stored, signature_refused, not_an_event',
    labelNames: ['outcome'],
  });
  // Each outcome is answered from the start (at 0), so a rule's increase() counts the first refusal too.
  for (const outcome of ['stored', 'signature_refused', 'not_an_event']) received.inc({ outcome }, 0);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/paystack',
    {
      config: { public: true },
      schema: {
        tags: ['payments'],
        summary: 'Paystack webhook (signed with x-paystack-signature); answers 200 once stored',
      },
    },
    async (request, reply) => {
      const raw = request.body;
      const signature = request.headers['x-paystack-signature'];
      if (
        !Buffer.isBuffer(raw) ||
        !app.payments.verifyWebhookSignature(raw, typeof signature === 'string' ? signature : undefined)
      ) {
        request.log.warn('webhook refused: bad or missing signature');
        received.inc({ outcome: 'signature_refused' });
        return reply.status(401).send({ message: 'Invalid signature' });
      }
      let parsed;
      let holdsNul = false;
      try {
        // PostgreSQL cannot keep \u0000 in JSON, and Paystack never sends one: such an event is refused whole.
        const json: unknown = JSON.parse(raw.toString('utf8'), (key, value: unknown) => {
          if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000')))
            holdsNul = true;
          return value;
        });
        parsed = holdsNul ? null : webhookEnvelope.safeParse(json);
      } catch {
        parsed = null;
      }
      if (holdsNul) request.log.warn('webhook refused: a signed event holds a NUL character');
      if (!parsed?.success) {
        received.inc({ outcome: 'not_an_event' });
        return reply.status(400).send({ message: 'Not a Paystack event' });
      }
      const event = parsed.data;
      // Refund events name the payment as transaction_reference (paystack.com/docs/payments/refunds).
      const named = event.data.reference ?? event.data.transaction_reference;
      const reference = typeof named === 'string' ? named : null;
      const stored = await storePaymentEvent(app.db, event.event, reference, event);
      received.inc({ outcome: 'stored' });

      // Stored first, so nothing is lost if this process dies now: the owner's job applies what this does not.
      const work = app.providerEvents.of(event.event)?.received(stored, request.log);
      if (work) app.paymentWork.run(work.name, work.run);
      return reply.status(200).send({ received: true });
    },
  );
};
