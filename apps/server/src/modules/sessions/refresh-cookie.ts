import type { Programme } from '@coop/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { SESSION_SECONDS } from './sessions';

/** One cookie per programme, so a person can be signed in to Main and Welcome Back in the same browser. */
export const refreshCookieName = (programme: Programme) => (programme === 'main' ? 'refresh_main' : 'refresh_welcomeback');

// Only the auth calls ever receive it (path), scripts never read it (httpOnly), other sites never send it (Strict).
const cookieOptions = (config: Config) => ({ path: '/api/auth', httpOnly: true, sameSite: 'strict' as const, secure: config.isProduction });

export function setRefreshCookie(reply: FastifyReply, config: Config, programme: Programme, token: string) {
  reply.setCookie(refreshCookieName(programme), token, { ...cookieOptions(config), maxAge: SESSION_SECONDS });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config, programme: Programme) {
  reply.clearCookie(refreshCookieName(programme), cookieOptions(config));
}

export function readRefreshCookie(request: FastifyRequest, programme: Programme): string | undefined {
  return request.cookies[refreshCookieName(programme)] || undefined;
}
