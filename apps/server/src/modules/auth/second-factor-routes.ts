import {
  errorResponses,
  loginAnswerSchema,
  twoFactorChallengeSchema,
  twoFactorConfirmSchema,
  twoFactorSetupSchema,
  twoFactorVerifySchema,
  loginWithCodesSchema,
} from '@coop/core/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAccount } from '../accounts/account-store';
import { HttpError } from '../../plugins/errors';
import { limits, rateLimited } from '../../plugins/rate-limits';
import { setSessionCookies } from '../sessions/session-cookies';
import { sessionAnswer } from '../sessions/session-user';
import { openSession, type SessionAccount } from '../sessions/sessions';
import { beginEnrolment, checkSecondFactor, confirmEnrolment } from '../two-factor/two-factor-service';
import { challengeSubject, readChallenge } from './second-factor-challenge';

// Nobody is signed in yet: attempts count against the account the challenge names.
const attemptKey = (request: FastifyRequest) =>
  challengeSubject((request.body as { challenge?: unknown } | undefined)?.challenge);

/** The administrator a challenge names, if it is still theirs (same token version, still an active administrator). */
async function challengedAdmin(app: FastifyInstance, challenge: string): Promise<SessionAccount> {
  const { accountId, tokenVersion } = await readChallenge(app.config, challenge);
  const row = await findAccount(app.db, accountId);
  if (
    !row ||
    row.programme !== 'main' ||
    row.tokenVersion !== tokenVersion ||
    row.role !== 'admin' ||
    row.status !== 'active'
  )
    throw new HttpError(
      401,
      'Your sign-in took too long. Enter your email and password again.',
      'challenge_expired',
    );
  return {
    id: row.id,
    programme: 'main',
    role: 'admin',
    email: row.email,
    fullName: row.fullName,
    referralCode: row.referralCode,
    tokenVersion: row.tokenVersion,
    status: row.status,
  };
}

/**
 * The admin login's second step: the code after the password (or a recovery code), or enrolment with a QR code
 * during the login when the deployment requires two-factor sign-in. Nobody holds a session before it.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = rateLimited(app, 'second-factor', limits.secondFactor, attemptKey);

  const signInWithSecondFactor = async (
    account: SessionAccount,
    reply: Parameters<typeof setSessionCookies>[0],
  ) => {
    const { sessionId, refreshToken } = await app.db.transaction((tx) =>
      openSession(tx, account.id, { secondFactor: true }),
    );
    setSessionCookies(reply, app.config, 'main', { refreshToken, sessionId, role: account.role });
    return {
      status: 200,
      message: 'Login Successful',
      ...(await sessionAnswer(app.config, account, sessionId)),
    };
  };

  app.post(
    '/admin/two-factor/verify',
    {
      config: { public: true },
      preHandler: limited,
      schema: {
        tags: ['accounts'],
        summary: "The admin login's second step: the authenticator code or a recovery code",
        body: twoFactorVerifySchema,
        response: { 200: loginAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const account = await challengedAdmin(app, request.body.challenge);
      const { method } = await app.db.transaction((tx) =>
        checkSecondFactor(tx, app.config.totpKeys, account.id, request.body.code),
      );
      request.log.info({ accountId: account.id, method }, 'administrator passed the second factor');
      return signInWithSecondFactor(account, reply);
    },
  );

  app.post(
    '/admin/two-factor/challenge/setup',
    {
      config: { public: true },
      preHandler: limited,
      schema: {
        tags: ['accounts'],
        summary:
          'Enrolment during the admin login (when two-factor sign-in is required): a new secret and its QR address',
        body: twoFactorChallengeSchema,
        response: { 200: twoFactorSetupSchema, ...errorResponses },
      },
    },
    async (request) => {
      const account = await challengedAdmin(app, request.body.challenge);
      return app.db.transaction((tx) => beginEnrolment(tx, app.config, account));
    },
  );

  app.post(
    '/admin/two-factor/challenge/confirm',
    {
      config: { public: true },
      preHandler: limited,
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the enrolment with a first code: signs in and shows the recovery codes once',
        body: twoFactorConfirmSchema,
        response: { 200: loginWithCodesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.body.challenge)
        throw new HttpError(400, 'Sign in with your email and password first.', 'no_challenge');
      const account = await challengedAdmin(app, request.body.challenge);
      const recoveryCodes = await app.db.transaction((tx) =>
        confirmEnrolment(tx, app.config.totpKeys, account.id, request.body.code),
      );
      return { ...(await signInWithSecondFactor(account, reply)), recoveryCodes };
    },
  );
};
