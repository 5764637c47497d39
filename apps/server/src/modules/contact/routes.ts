import {
  contactMessageListSchema,
  contactReplySchema,
  contactSchema,
  errorResponses,
  messageSchema,
  contactMessageListQuerySchema,
  idParams,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { limits, rateLimited } from '../../plugins/rate-limits';
import { answerMessage, closeMessage } from './answer-message';
import { listContactMessages, saveContactMessage } from './contact-messages';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The Contact Us form (public) and the support inbox: list, answer by mail, close. */
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
      return reply
        .status(201)
        .send({ status: 201, message: 'Your message has been sent. We will reply by email.' });
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Messages sent from the Contact Us page, newest first, with their state, replies and age against the 14-day promise',
        querystring: contactMessageListQuerySchema,
        response: { 200: contactMessageListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listContactMessages(app.db, request.query, new Date());
      return {
        page: request.query.page,
        pageSize: request.query.pageSize,
        total,
        items: items.map((m) => ({
          ...m,
          createdAt: m.createdAt.toISOString(),
          readAt: iso(m.readAt),
          answeredAt: iso(m.answeredAt),
          closedAt: iso(m.closedAt),
          replies: m.replies.map((r) => ({
            id: r.id,
            body: r.body,
            sentBy: r.sentBy,
            createdAt: r.createdAt.toISOString(),
          })),
        })),
      };
    },
  );

  app.post(
    '/admin/contact-messages/:id/reply',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Answer a message: the reply is mailed to the sender, kept, and the message marked answered (audited)',
        params: idParams,
        body: contactReplySchema,
        response: { 201: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await answerMessage(app, {
        id: request.params.id,
        reply: request.body.reply,
        adminId: signedIn(request).id,
      });
      return reply
        .status(201)
        .send({ status: 201, message: 'The reply was sent by mail and kept with the message.' });
    },
  );

  app.post(
    '/admin/contact-messages/:id/close',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Close a message (audited)',
        params: idParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await closeMessage(app, { id: request.params.id, adminId: signedIn(request).id });
      return { status: 200, message: 'The message is closed.' };
    },
  );
};
