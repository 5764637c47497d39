import type { ResetPasswordInput, StatusMessage } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/resetpassword or /api/auth/welcresetpassword with the token of the mailed link. */
export function resetPassword(call: string, input: ResetPasswordInput) {
  return apiFetch<StatusMessage>(call, { method: 'POST', body: input, token: null });
}
