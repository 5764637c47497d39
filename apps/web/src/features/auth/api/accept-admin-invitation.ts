import type { AcceptAdminInvitationInput, StatusMessage } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/admin-invitation/accept: the invited person's password, with the mailed link's token. */
export const acceptAdminInvitation = (input: AcceptAdminInvitationInput) =>
  apiFetch<StatusMessage>('/auth/admin-invitation/accept', {
    method: 'POST',
    body: input,
    token: null,
  });
