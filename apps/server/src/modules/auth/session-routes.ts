import { loginSchema, sessionProgrammeSchema } from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn, type Programme } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { logIn } from './login';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { bodyEmailKey, limits, rateLimited } from './rate-limits';
import { errorResponses, loginAnswerSchema, messageSchema, sessionSchema } from './schemas';
import { sessionAnswer } from './session-user';
import { revokeSession, rotateRefreshToken } from './sessions';

const logins: Array<{ path: string; programme: Programme; adminOnly: boolean; summary: string }> = [
  { path: '/auth/login', programme: 'main', adminOnly: false, summary: 'Sign in to the Main platform' },
  { path: '/auth/loginwelc', programme: 'welcomeback', adminOnly: false, summary: 'Sign in to the Welcome Back platform' },
  { path: '/admin/adminLogin', programme: 'main', adminOnly: true, summary: 'Sign in to the admin area (administrators are Main accounts)' },
];

const sessionEnded = () => new HttpError(401, 'Your session has ended. Please sign in again.', 'session_ended');

/** Sign-in, silent renewal from the refresh cookie, and sign-out. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const login of logins) {
    app.post(
      login.path,
      {
        config: { public: true },
        preHandler: rateLimited(app, `login-${login.programme}`, limits.login, bodyEmailKey(login.programme)),
        schema: { tags: ['accounts'], summary: login.summary, body: loginSchema, response: { 200: loginAnswerSchema, ...errorResponses } },
      },
      async (request, reply) => {
        const { account, sessionId, refreshToken } = await logIn(app.db, { programme: login.programme, ...request.body, adminOnly: login.adminOnly });
        setRefreshCookie(reply, app.config, login.programme, refreshToken);
        request.log.info({ accountId: account.id, programme: login.programme, admin: login.adminOnly }, 'signed in');
        return { status: 200, message: 'Login Successful', ...(await sessionAnswer(app.config, account, sessionId)) };
      },
    );
  }

  app.post(
    '/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags: ['accounts'],
        summary: "A new access token from the programme's refresh cookie; the cookie rotates, and a reused one ends the session",
        body: sessionProgrammeSchema,
        response: { 200: sessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { programme } = request.body;
      const token = readRefreshCookie(request, programme);
      if (!token) throw sessionEnded();
      const result = await app.db.transaction((tx) => rotateRefreshToken(tx, programme, token));
      if (result.outcome !== 'rotated') {
        clearRefreshCookie(reply, app.config, programme);
        if (result.outcome === 'reused') request.log.warn({ programme }, 'a spent refresh token was presented again: its session is ended');
        if (result.outcome === 'inactive') throw new HttpError(403, 'This account is suspended or closed. Contact support.', 'account_inactive');
        throw sessionEnded();
      }
      setRefreshCookie(reply, app.config, programme, result.refreshToken);
      return sessionAnswer(app.config, result.account, result.sessionId);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign out: ends this session and clears its refresh cookie',
        body: sessionProgrammeSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, signedIn(request).sessionId, 'sign_out');
      clearRefreshCookie(reply, app.config, request.body.programme);
      return { status: 200, message: 'You are signed out.' };
    },
  );
};
