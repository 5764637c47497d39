import type { ContactInput, StatusMessage } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/sendContact: keeps the message for the support team. */
export function sendContact(input: ContactInput) {
  return apiFetch<StatusMessage>('/auth/sendContact', { method: 'POST', body: input, token: null });
}
