import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Programme } from '@coop/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Role } from '../../plugins/auth';
import { SESSION_SECONDS } from './sessions';

/** One cookie per programme, so a person can be signed in to Main and Welcome Back in the same browser. */
export const refreshCookieName = (programme: Programme) =>
  programme === 'main' ? 'refresh_main' : 'refresh_welcomeback';

/**
 * The page cookie names the session to the server's page renderer, so a member's page can be sent drawn with their data
 * (decision 0037). It opens no API call and renews nothing: it is the session's id signed with the server's secret, worth
 * something only while the session is live and read only for a GET of a member page. Every path (the pages), never
 * script (httpOnly), never from other sites (Strict), so a link from elsewhere gets the page's shell.
 */
export const pageCookieName = (programme: Programme) =>
  programme === 'main' ? 'page_main' : 'page_welcomeback';

// Only the auth calls ever receive it (path), scripts never read it (httpOnly), other sites never send it (Strict).
const refreshCookieOptions = (config: Config) => ({
  path: '/api/auth',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.isProduction,
});
const pageCookieOptions = (config: Config) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.isProduction,
});

const pageMac = (config: Config, programme: Programme, sessionId: string) =>
  createHmac('sha256', config.jwtSecret).update(`member-page|${programme}|${sessionId}`).digest('base64url');

/**
 * The cookies of a session just opened or renewed: its next refresh token and, for a member (the server draws no
 * administrator's pages), the page cookie naming it.
 */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  programme: Programme,
  session: { refreshToken: string; sessionId: string; role: Role },
) {
  reply.setCookie(refreshCookieName(programme), session.refreshToken, {
    ...refreshCookieOptions(config),
    maxAge: SESSION_SECONDS,
  });
  if (session.role !== 'user') return;
  reply.setCookie(
    pageCookieName(programme),
    `${session.sessionId}.${pageMac(config, programme, session.sessionId)}`,
    { ...pageCookieOptions(config), maxAge: SESSION_SECONDS },
  );
}

export function clearSessionCookies(reply: FastifyReply, config: Config, programme: Programme) {
  reply.clearCookie(refreshCookieName(programme), refreshCookieOptions(config));
  reply.clearCookie(pageCookieName(programme), pageCookieOptions(config));
}

export function readRefreshCookie(request: FastifyRequest, programme: Programme): string | undefined {
  return request.cookies[refreshCookieName(programme)] || undefined;
}

/** The session id the request's page cookie names, when this server signed it for this programme; null otherwise. */
export function readPageCookie(request: FastifyRequest, config: Config, programme: Programme): string | null {
  const [sessionId, signature, ...rest] = (request.cookies[pageCookieName(programme)] ?? '').split('.');
  if (!sessionId || !signature || rest.length > 0) return null;
  const expected = Buffer.from(pageMac(config, programme, sessionId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? sessionId : null;
}
