import type { AdminInvitationInput, AdminInvitationStatus } from '@coop/core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/administrators/invitation: whether you may invite a second administrator, and the invitation waiting. */
export const useInvitationStatus = () =>
  useQuery({ queryKey: ['admin', 'administrators', 'invitation'], queryFn: () => apiFetch<AdminInvitationStatus>('/admin/administrators/invitation') });

/** POST /admin/administrators/invitations (audited, mailed). */
export const inviteAdministrator = (input: AdminInvitationInput) =>
  apiFetch<{ message: string; promoted: boolean }>('/admin/administrators/invitations', { method: 'POST', body: input });

export function useInviteAdministrator() {
  const client = useQueryClient();
  return useMutation({ mutationFn: inviteAdministrator, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
