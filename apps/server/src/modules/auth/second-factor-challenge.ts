import { DomainError } from '@coop/core';
import type { Config } from '../../config';
import { tokenKind, unverifiedClaims } from '../../lib/tokens';

/**
 * Between the password and the second factor nobody holds a session: the admin login answers a short signed
 * challenge naming the account and its token version (a password reset meanwhile voids it).
 */
const AUDIENCE = 'coop-admin-second-factor';
const CHALLENGE_SECONDS = 5 * 60;
const challenges = tokenKind({ audience: AUDIENCE, seconds: CHALLENGE_SECONDS });

export async function signChallenge(config: Config, accountId: string, tokenVersion: number) {
  return challenges(config).sign({ sub: accountId, ver: tokenVersion });
}

export async function readChallenge(
  config: Config,
  challenge: string,
): Promise<{ accountId: string; tokenVersion: number }> {
  try {
    const payload = challenges(config).verify(challenge);
    if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.ver !== 'number')
      throw new Error('incomplete');
    return { accountId: payload.sub, tokenVersion: payload.ver };
  } catch {
    throw new DomainError(
      'challenge_expired',
      'Your sign-in took too long. Enter your email and password again.',
    );
  }
}

/** The account a challenge names, unverified: only a key for counting attempts. */
export function challengeSubject(challenge: unknown): string {
  try {
    return typeof challenge === 'string' ? String(unverifiedClaims(challenge).sub ?? 'none') : 'none';
  } catch {
    return 'none';
  }
}
