import { PROGRAMMES, type Programme, programmeName } from '@coop/core';
import {
  confirmEmailSchema,
  errorResponses,
  messageSchema,
  resendConfirmationSchema,
  signupSchema,
  emailConfirmedSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmEmail, newConfirmationToken } from './confirm-email';
import { bodyEmailKey, limits, rateLimited } from '../../plugins/rate-limits';
import { registerAccount } from './signup';

const signupPaths: Record<Programme, string> = { main: '/auth/signup', welcomeback: '/auth/welcome' };

/** Sign-up on either programme, the confirmation link, and a new link on request. */
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const programme of PROGRAMMES) {
    app.post(
      signupPaths[programme],
      {
        config: { public: true },
        preHandler: rateLimited(app, `signup-${programme}`, limits.signup, bodyEmailKey(programme)),
        schema: {
          tags: ['accounts'],
          summary: `Register on the ${programmeName(programme)} platform; a confirmation link is mailed`,
          body: signupSchema,
          response: { 201: messageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { acceptTerms: _accepted, confirmPassword: _confirmed, ...data } = request.body;
        // The confirmation mail is queued with the account; the mail worker sends it once the sign-up commits.
        const { accountId } = await registerAccount(
          app.db,
          programme,
          data,
          { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
          app.config,
        );
        request.log.info({ accountId, programme }, 'account registered');
        return reply.status(201).send({ status: 201, message: 'Registration is Successful' });
      },
    );
  }

  app.post(
    '/auth/confirm-email',
    {
      config: { public: true },
      preHandler: rateLimited(app, 'confirm-email', limits.mailedToken),
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the email address with the token from the mailed link',
        body: confirmEmailSchema,
        response: {
          200: emailConfirmedSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { programme } = await confirmEmail(app.db, request.body.token);
      return { status: 200, message: 'Your email address is confirmed. You can now sign in.', programme };
    },
  );

  app.post(
    '/auth/resend-confirmation',
    {
      config: { public: true },
      preHandler: rateLimited(app, 'resend-confirmation', limits.mailLink, (r) => {
        const body = r.body as { programme: string; email: string };
        return `${body.programme}:${body.email}`;
      }),
      schema: {
        tags: ['accounts'],
        summary: 'Mail a new confirmation link (the same answer whether or not the email is registered)',
        body: resendConfirmationSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await newConfirmationToken(app.db, request.body.programme, request.body.email);
      return {
        status: 200,
        message:
          'If an unconfirmed account uses this email, we have sent it a new confirmation link. Check your mail.',
      };
    },
  );
};
