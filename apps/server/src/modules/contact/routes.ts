import { contactMessageListSchema, contactSchema, pageQuerySchema } from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limits, rateLimited } from '../auth/rate-limits';
import { errorResponses, messageSchema } from '../auth/schemas';
import { listContactMessages, saveContactMessage } from './contact-messages';

/** The Contact Us form (public) and the administrators' list of what was sent. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/sendContact',
    {
      config: { public: true },
      preHandler: rateLimited(app, 'contact', limits.contact, (r) => (r.body as { email: string }).email),
      schema: {
        tags: ['contact'],
        summary: 'Send a message from the Contact Us page',
        body: contactSchema,
        response: { 201: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const saved = await saveContactMessage(app.db, request.body);
      request.log.info({ contactMessageId: saved.id }, 'contact message received');
      return reply.status(201).send({ status: 201, message: 'Your message has been sent. We will reply by email.' });
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Messages sent from the Contact Us page, newest first',
        querystring: pageQuerySchema,
        response: { 200: contactMessageListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listContactMessages(app.db, request.query);
      return {
        ...request.query,
        total,
        items: items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString(), readAt: m.readAt?.toISOString() ?? null })),
      };
    },
  );
};
