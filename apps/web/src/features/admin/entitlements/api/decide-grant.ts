import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { ApprovalPendingAnswer, GrantDecisionInput } from '@coop/core/contracts';
import type { AdminGrant } from '../../common/types';

export type GrantDecision = GrantDecisionInput & { id: number };

/** PUT /admin/grants/:id: approve or decline a pending application (audited). */
export const decideGrant = ({ id, ...body }: GrantDecision) =>
  apiFetch<AdminGrant | ApprovalPendingAnswer>(`/admin/grants/${id}`, { method: 'PUT', body });

export function useDecideGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideGrant,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'grants'] }),
  });
}
