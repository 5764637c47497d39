import {
  errorResponses,
  twoFactorConfirmSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  recoveryCodesSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { limits, rateLimited } from '../../plugins/rate-limits';
import { markSecondFactorPassed } from '../sessions/sessions';
import { beginEnrolment, confirmEnrolment, sealStoredSecrets, twoFactorStatus } from './two-factor-service';

/**
 * A signed-in administrator's own two-factor sign-in: whether it is on, and enrolling with a QR code (when the
 * deployment leaves it optional). The login's second step is auth's (auth/second-factor-routes.ts).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same count as the login's second step: one account's codes, wherever they are typed.
  // Secrets written in clear before sealing existed, or under the key a rotation replaced, are sealed at start-up.
  app.addHook('onReady', async () => {
    const { sealed, unreadable } = await app.db.transaction((tx) =>
      sealStoredSecrets(tx, app.config.totpKeys),
    );
    if (sealed > 0)
      app.log.info({ sealed }, 'two-factor secrets sealed under the current TOTP_ENCRYPTION_KEY');
    if (unreadable.length > 0)
      app.log.error(
        { accounts: unreadable },
        'two-factor secrets sealed under a key that is neither TOTP_ENCRYPTION_KEY nor in TOTP_ENCRYPTION_KEY_PREVIOUS: these administrators cannot sign in until the key is restored (docs/operations.md)',
      );
  });

  const limited = rateLimited(
    app,
    'second-factor',
    limits.secondFactor,
    (request) => request.account?.id ?? 'none',
  );

  app.get(
    '/admin/two-factor',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Whether you use two-factor sign-in',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request) => twoFactorStatus(app.db, app.config, signedIn(request).id),
  );

  app.post(
    '/admin/two-factor/setup',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Start enrolling: a new secret and its QR address',
        response: { 200: twoFactorSetupSchema, ...errorResponses },
      },
    },
    async (request) => app.db.transaction((tx) => beginEnrolment(tx, app.config, signedIn(request))),
  );

  app.post(
    '/admin/two-factor/confirm',
    {
      config: { access: 'admin' },
      preHandler: limited,
      schema: {
        tags: ['admin'],
        summary: 'Confirm with a first code: answers the recovery codes once',
        body: twoFactorConfirmSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const account = signedIn(request);
      const recoveryCodes = await app.db.transaction(async (tx) => {
        const codes = await confirmEnrolment(tx, app.config.totpKeys, account.id, request.body.code);
        // This device just proved the factor; the administrator's other sessions must sign in with it.
        await markSecondFactorPassed(tx, account.sessionId);
        return codes;
      });
      return { recoveryCodes };
    },
  );
};
