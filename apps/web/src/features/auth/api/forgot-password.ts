import type { ForgotPasswordInput, StatusMessage } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/reset or /api/auth/welcomereset: answers the same whether or not the email exists. */
export function forgotPassword(call: string, input: ForgotPasswordInput) {
  return apiFetch<StatusMessage>(call, { method: 'POST', body: input, token: null });
}
