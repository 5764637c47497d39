import type { Approval } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export type ApprovalDecision =
  { id: number; decision: 'approve' } | { id: number; decision: 'decline'; reason: string };

/** POST /admin/approvals/:id/approve or /decline (with a reason): a second administrator's decision. */
export const decideApproval = (input: ApprovalDecision) =>
  apiFetch<Approval>(`/admin/approvals/${input.id}/${input.decision}`, {
    method: 'POST',
    ...(input.decision === 'decline' ? { body: { reason: input.reason } } : {}),
  });

export function useDecideApproval() {
  const client = useQueryClient();
  // An approval moves money or roles: every admin figure may change.
  return useMutation({
    mutationFn: decideApproval,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
