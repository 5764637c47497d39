import type { ApprovalPendingAnswer } from '@coop/core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export interface Administrator {
  id: string;
  fullName: string;
  email: string;
  twoFactor: boolean;
  you: boolean;
}

/** GET /admin/administrators */
export const useAdministrators = () =>
  useQuery({ queryKey: ['admin', 'administrators'], queryFn: () => apiFetch<{ items: Administrator[] }>('/admin/administrators') });

/** DELETE /admin/adminRoles/:email: a request a second administrator approves (or done at once with one administrator). */
export const removeAdmin = ({ email, idempotencyKey }: { email: string; idempotencyKey: string }) =>
  apiFetch<{ status: number; message: string } | ApprovalPendingAnswer>(`/admin/adminRoles/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useRemoveAdmin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeAdmin, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
