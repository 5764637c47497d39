import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';

/**
 * A browser an administrator has signed in from: a signed cookie naming the device and the account. Wrong
 * passwords sent from elsewhere never lock it (OWASP's "device cookies" against lock-out abuse, decision 0026).
 */
const COOKIE = 'admin_device';
const YEAR_SECONDS = 365 * 24 * 3600;
const cookieOptions = (config: Config) => ({
  path: '/api/admin/adminLogin',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.isProduction,
});

const mac = (config: Config, deviceId: string, accountId: string) =>
  createHmac('sha256', config.jwtSecret).update(`admin-device|${deviceId}|${accountId}`).digest('base64url');

/** The device id of the request's cookie when it was given to this administrator; null otherwise. */
export function knownAdminDevice(
  request: FastifyRequest,
  config: Config,
  accountId: string | null,
): string | null {
  const value = request.cookies[COOKIE];
  if (!value || !accountId) return null;
  const [deviceId, owner, signature] = value.split('.');
  if (!deviceId || owner !== accountId || !signature) return null;
  const expected = Buffer.from(mac(config, deviceId, accountId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}

export function rememberAdminDevice(
  reply: FastifyReply,
  config: Config,
  accountId: string,
  deviceId: string | null,
) {
  const id = deviceId ?? randomUUID();
  reply.setCookie(COOKIE, `${id}.${accountId}.${mac(config, id, accountId)}`, {
    ...cookieOptions(config),
    maxAge: YEAR_SECONDS,
  });
}
