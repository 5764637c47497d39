import type {
  AdminInvitationInput,
  AdminInvitationStatus,
  ApprovalPendingAnswer,
} from '@coop/core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/administrators/invitation: whether your invitation goes at once, those mailed, those waiting for approval. */
export const useInvitationStatus = () =>
  useQuery({
    queryKey: ['admin', 'administrators', 'invitation'],
    queryFn: () => apiFetch<AdminInvitationStatus>('/admin/administrators/invitation'),
  });

/**
 * POST /admin/administrators/invitations (audited, mailed): mailed at once by the sole administrator; otherwise a
 * request a second administrator approves (202), and the link is mailed then.
 */
export const inviteAdministrator = ({
  idempotencyKey,
  ...input
}: AdminInvitationInput & { idempotencyKey: string }) =>
  apiFetch<{ message: string } | ApprovalPendingAnswer>('/admin/administrators/invitations', {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useInviteAdministrator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteAdministrator,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
