import type { SignupInput, StatusMessage } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/signup (Main) or /api/auth/welcome (Welcome Back); 201 `{ message }`. */
export function signUp(call: string, input: SignupInput) {
  return apiFetch<StatusMessage>(call, { method: 'POST', body: input, token: null });
}
