import type { LoginResponse, SessionUser } from '@coop/core/contracts';
import type { Config } from '../../config';
import { signAccessToken } from '../../plugins/auth';
import type { SessionAccount } from './sessions';

export const toSessionUser = (account: SessionAccount): SessionUser => ({
  id: account.id,
  fullName: account.fullName,
  email: account.email,
  referralCode: account.referralCode,
  programme: account.programme,
  roles: account.role,
});

/** The access token and user of a session: what login and refresh answer. */
export async function sessionAnswer(
  config: Config,
  account: SessionAccount,
  sessionId: string,
): Promise<Pick<LoginResponse, 'token' | 'expiresIn' | 'user'>> {
  const { token, expiresIn } = await signAccessToken(config, {
    accountId: account.id,
    programme: account.programme,
    role: account.role,
    tokenVersion: account.tokenVersion,
    sessionId,
  });
  return { token, expiresIn, user: toSessionUser(account) };
}
