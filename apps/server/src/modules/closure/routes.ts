import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closureStatusSchema as statusSchema,
  errorSchema,
  closureConfirmedSchema,
  confirmClosureSchema,
  messageAnswerSchema,
} from '@coop/core/contracts';
import { signedIn } from '../../plugins/auth';
import { scheduleClosures } from './closure-job';
import { closureStatus, confirmClosure, requestClosure } from './closure-service';

/** Account closure as the terms put it: asked in the account, confirmed from a mail, done 7 business days later. */
export const closureRoutes: FastifyPluginAsyncZod = async (app) => {
  scheduleClosures(app);

  app.get(
    '/me/close',
    {
      schema: {
        tags: ['member'],
        summary: 'Where the signed-in account’s closure request stands',
        response: { 200: statusSchema },
      },
    },
    async (request) => closureStatus(app.db, signedIn(request).id),
  );

  app.post(
    '/me/close',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        tags: ['member'],
        summary: 'Ask to close the signed-in account: sends a confirmation link by mail',
        response: { 200: messageAnswerSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const account = signedIn(request);
      await requestClosure(app.db, account);
      return {
        message: `We have sent a confirmation link to ${account.email}. Your account closes 7 business days after you confirm.`,
      };
    },
  );

  app.post(
    '/auth/confirm-closure',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Confirm an account closure from the mailed link',
        body: confirmClosureSchema,
        response: { 200: closureConfirmedSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { effectiveAt } = await confirmClosure(app.db, request.body.token);
      return {
        message: `Your account closure is confirmed. The account will be closed on ${effectiveAt.toUTCString().slice(0, 16)}.`,
        effectiveAt: effectiveAt.toISOString(),
      };
    },
  );
};
