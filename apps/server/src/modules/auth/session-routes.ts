import { DomainError } from '@coop/core';
import type { Programme } from '@coop/core';
import {
  errorResponses,
  loginAnswerSchema,
  loginSchema,
  messageSchema,
  sessionProgrammeSchema,
  sessionSchema,
  loginOrChallengeAnswerSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { sessionOfBearer } from './access-token-session';

import { signChallenge } from './second-factor-challenge';
import { isEnrolled, needsSecondFactor } from '../two-factor/two-factor-service';
import { secondFactorConfirmed } from '../two-factor/two-factor-sql';
import { checkCredentials } from './login';
import { clearSessionCookies, readRefreshCookie, setSessionCookies } from '../sessions/session-cookies';
import { rememberAdminDevice } from './admin-device';
import { countWrongPassword, refuseWhileLocked, rightPassword, signInPlace } from './sign-in-limits';
import { sessionAnswer } from '../sessions/session-user';
import {
  openSession,
  revokeAccountSession,
  revokeSession,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from '../sessions/sessions';

const logins: Array<{ path: string; programme: Programme; adminOnly: boolean; summary: string }> = [
  { path: '/auth/login', programme: 'main', adminOnly: false, summary: 'Sign in to the Main platform' },
  {
    path: '/auth/loginwelc',
    programme: 'welcomeback',
    adminOnly: false,
    summary: 'Sign in to the Welcome Back platform',
  },
  {
    path: '/admin/adminLogin',
    programme: 'main',
    adminOnly: true,
    summary: 'Sign in to the admin area (administrators are Main accounts)',
  },
];

const sessionEnded = () =>
  new HttpError(401, 'Your session has ended. Please sign in again.', 'session_ended');
const secondFactorDue = () =>
  new HttpError(
    401,
    'Administrators sign in with their two-factor code: sign in again at /admin.',
    'two_factor_required',
  );

/** Sign-in, silent renewal from the refresh cookie, and sign-out. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const login of logins) {
    app.post(
      login.path,
      {
        config: { public: true },
        schema: {
          tags: ['accounts'],
          summary: login.summary,
          body: loginSchema,
          response: {
            200: login.adminOnly ? loginOrChallengeAnswerSchema : loginAnswerSchema,
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        // Wrong passwords count, right ones do not (decision 0026): the lock is checked first, the count after.
        const place = await signInPlace(app, request, login, request.body.email);
        await refuseWhileLocked(app, reply, place);
        const account = await checkCredentials(app.db, {
          programme: login.programme,
          ...request.body,
          adminOnly: login.adminOnly,
          supportEmail: app.config.site.email,
          passwordHashCost: app.config.passwordHashCost,
        }).catch(async (error: unknown) => {
          if (error instanceof DomainError && error.code === 'wrong_credentials')
            await countWrongPassword(app, place);
          throw error;
        });
        if (login.adminOnly) rememberAdminDevice(reply, app.config, account.id, place.deviceId);
        const enrolled = account.role === 'admin' && (await isEnrolled(app.db, account.id));
        // An administrator's session exists only after the second factor: the password alone opens nothing.
        if (needsSecondFactor(app.config, account.role, enrolled)) {
          if (!login.adminOnly)
            throw new HttpError(
              403,
              'This is an administrator account: sign in at /admin with your two-factor code.',
              'two_factor_required',
            );
          await rightPassword(app, place, account, enrolled ? 'two-factor code' : 'two-factor set-up');
          return {
            status: 200,
            message: enrolled
              ? 'Enter the code from your authenticator app.'
              : 'Set up two-factor sign-in to continue: administrators need it.',
            twoFactor: enrolled ? ('code' as const) : ('enrol' as const),
            challenge: await signChallenge(app.config, account.id, account.tokenVersion),
          };
        }
        await rightPassword(app, place, account, 'signed in');
        const { sessionId, refreshToken } = await app.db.transaction((tx) => openSession(tx, account.id));
        setSessionCookies(reply, app.config, login.programme, {
          refreshToken,
          sessionId,
          role: account.role,
        });
        request.log.info(
          { accountId: account.id, programme: login.programme, admin: login.adminOnly },
          'signed in',
        );
        return {
          status: 200,
          message: 'Login Successful',
          ...(await sessionAnswer(app.config, account, sessionId)),
        };
      },
    );
  }

  app.post(
    '/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags: ['accounts'],
        summary:
          "A new access token from the programme's refresh cookie; the cookie rotates, and a reused one ends the session",
        body: sessionProgrammeSchema,
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { programme } = request.body;
      const token = readRefreshCookie(request, programme);
      if (!token) throw sessionEnded();
      const result = await app.db.transaction((tx) =>
        rotateRefreshToken(tx, programme, token, secondFactorConfirmed),
      );
      if (result.outcome !== 'rotated') {
        clearSessionCookies(reply, app.config, programme);
        if (result.outcome === 'reused')
          request.log.warn({ programme }, 'a spent refresh token was presented again: its session is ended');
        if (result.outcome === 'inactive')
          throw new HttpError(
            403,
            'This account is suspended or closed. Contact support.',
            'account_inactive',
          );
        throw sessionEnded();
      }
      // A session that never passed the second factor cannot renew into an administrator's token.
      if (!result.secondFactor && needsSecondFactor(app.config, result.account.role, result.enrolled)) {
        await app.db.transaction((tx) => revokeSession(tx, result.sessionId, 'sign_out'));
        clearSessionCookies(reply, app.config, programme);
        throw secondFactorDue();
      }
      setSessionCookies(reply, app.config, programme, { ...result, role: result.account.role });
      return sessionAnswer(app.config, result.account, result.sessionId);
    },
  );

  app.post(
    '/auth/logout',
    {
      // Public so that sign-out still works once the short access token has expired: the refresh cookie (or a
      // valid bearer token) names the session. With neither, the answer is the usual 401.
      config: { public: true },
      schema: {
        tags: ['accounts'],
        summary:
          'Sign out: ends the session named by the bearer token or the refresh cookie, and clears the cookie',
        body: sessionProgrammeSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { programme } = request.body;
      const bearer = await sessionOfBearer(app.config, request.headers.authorization);
      const cookie = readRefreshCookie(request, programme);
      const ended = await app.db.transaction(async (tx) => {
        let any = false;
        if (bearer)
          any = (await revokeAccountSession(tx, bearer.accountId, bearer.sessionId, 'sign_out')) || any;
        const fromCookie = cookie ? await sessionOfRefreshToken(tx, programme, cookie) : null;
        if (fromCookie) {
          await revokeSession(tx, fromCookie, 'sign_out');
          any = true;
        }
        return any;
      });
      clearSessionCookies(reply, app.config, programme);
      if (!ended) {
        if (!bearer && !cookie) throw new HttpError(401, 'Please sign in to continue.', 'signed_out');
        throw sessionEnded();
      }
      return { status: 200, message: 'You are signed out.' };
    },
  );
};
