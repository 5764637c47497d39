import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';
import { HttpError } from '../../plugins/errors';

/**
 * Between the password and the second factor nobody holds a session: the admin login answers a short signed
 * challenge naming the account and its token version (a password reset meanwhile voids it).
 */
const AUDIENCE = 'coop-admin-second-factor';
const CHALLENGE_SECONDS = 5 * 60;
const key = (config: Config) => new TextEncoder().encode(config.jwtSecret);

export async function signChallenge(config: Config, accountId: string, tokenVersion: number) {
  return new SignJWT({ ver: tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(accountId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_SECONDS}s`)
    .sign(key(config));
}

export async function readChallenge(config: Config, challenge: string): Promise<{ accountId: string; tokenVersion: number }> {
  try {
    const { payload } = await jwtVerify(challenge, key(config), { audience: AUDIENCE, algorithms: ['HS256'] });
    if (!payload.sub || typeof payload.ver !== 'number') throw new Error('incomplete');
    return { accountId: payload.sub, tokenVersion: payload.ver };
  } catch {
    throw new HttpError(401, 'Your sign-in took too long. Enter your email and password again.', 'challenge_expired');
  }
}

/** The account a challenge names, unverified: only a key for counting attempts. */
export function challengeSubject(challenge: unknown): string {
  try {
    return typeof challenge === 'string' ? (decodeJwt(challenge).sub ?? 'none') : 'none';
  } catch {
    return 'none';
  }
}
