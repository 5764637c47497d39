import type { LoginInput, LoginResponse, TwoFactorChallengeAnswer } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/login, /api/auth/loginwelc or /api/admin/adminLogin (which may answer a second-factor challenge instead). */
export function login(call: string, input: LoginInput) {
  return apiFetch<LoginResponse | TwoFactorChallengeAnswer>(call, {
    method: 'POST',
    body: input,
    token: null,
  });
}
