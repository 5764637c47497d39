import type { LoginInput, LoginResponse } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/login, /api/auth/loginwelc or /api/admin/adminLogin. */
export function login(call: string, input: LoginInput) {
  return apiFetch<LoginResponse>(call, { method: 'POST', body: input, token: null });
}
