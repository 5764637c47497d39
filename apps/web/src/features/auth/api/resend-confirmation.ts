import type { StatusMessage } from '@coop/core/contracts';
import type { Programme } from '@coop/core';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/resend-confirmation: mails a new confirmation link to an unconfirmed account. */
export function resendConfirmation(input: { email: string; programme: Programme }) {
  return apiFetch<StatusMessage>('/auth/resend-confirmation', {
    method: 'POST',
    body: input,
    token: null,
  });
}
