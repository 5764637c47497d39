import type { AcceptAdminInvitationInput } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/admin-invitation/accept: the invited person's password, with the mailed link's token. */
export const acceptAdminInvitation = (input: AcceptAdminInvitationInput) =>
  apiFetch<{ status: number; message: string }>('/auth/admin-invitation/accept', {
    method: 'POST',
    body: input,
    token: null,
  });
