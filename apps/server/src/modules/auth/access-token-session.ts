import type { Config } from '../../config';
import { accessTokenClaims } from '../../plugins/auth';

/**
 * The session a bearer token names, for sign-out only: sign-out is public so that an expired access token can
 * still end its session through the refresh cookie. The signature and expiry are checked (only this server holds
 * the secret); the session itself is then revoked only if it belongs to the token's account.
 */
export async function sessionOfBearer(
  config: Config,
  header: string | undefined,
): Promise<{ accountId: string; sessionId: string } | null> {
  if (!header?.startsWith('Bearer ')) return null;
  try {
    const { sub, sid } = accessTokenClaims(config, header.slice(7).trim());
    return sub && sid ? { accountId: sub, sessionId: sid } : null;
  } catch {
    return null;
  }
}
