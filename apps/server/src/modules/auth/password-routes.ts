import { PROGRAMMES, type Programme } from '@coop/core';
import {
  errorResponses,
  forgotPasswordSchema,
  messageSchema,
  resetPasswordSchema,
  updatePasswordSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { newResetToken, resetPassword } from './password-reset';
import { bodyEmailKey, limits, rateLimited } from '../../plugins/rate-limits';
import { updatePassword } from './update-password';

const paths: Record<Programme, { forgot: string; reset: string; name: string }> = {
  main: { forgot: '/auth/reset', reset: '/auth/resetpassword', name: 'Main' },
  welcomeback: { forgot: '/auth/welcomereset', reset: '/auth/welcresetpassword', name: 'Welcome Back' },
};

/** Forgot and reset password on each programme (mailed single-use link), and a change inside the member area. */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const programme of PROGRAMMES) {
    app.post(
      paths[programme].forgot,
      {
        config: { public: true },
        preHandler: rateLimited(app, `forgot-${programme}`, limits.mailLink, bodyEmailKey(programme)),
        schema: {
          tags: ['accounts'],
          summary: `Forgot password (${paths[programme].name}): mails a reset link; the same answer whether or not the email is registered`,
          body: forgotPasswordSchema,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        await newResetToken(app.db, programme, request.body.email);
        return {
          status: 200,
          message:
            'If an account uses this email, we have sent it a link to reset the password. The link works for one hour.',
        };
      },
    );

    app.post(
      paths[programme].reset,
      {
        config: { public: true },
        preHandler: rateLimited(app, `reset-${programme}`, limits.mailedToken),
        schema: {
          tags: ['accounts'],
          summary: `Reset the password (${paths[programme].name}) with the token from the mailed link; ends every session`,
          body: resetPasswordSchema,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        await resetPassword(app.db, programme, request.body, app.config.passwordHashCost);
        return {
          status: 200,
          message: 'Your password has been changed. You can now sign in with your new password.',
        };
      },
    );
  }

  app.put(
    '/auth/password',
    {
      preHandler: rateLimited(app, 'update-password', limits.updatePassword, (r) => signedIn(r).id),
      schema: {
        tags: ['accounts'],
        summary:
          "Change the signed-in account's password (needs the current one); signs out every other device",
        body: updatePasswordSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const account = signedIn(request);
      await updatePassword(app.db, account, request.body, app.config.passwordHashCost);
      return { status: 200, message: 'Your password has been changed. Other devices have been signed out.' };
    },
  );
};
