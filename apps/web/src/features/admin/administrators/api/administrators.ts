import type { administratorListSchema, ApprovalPendingAnswer } from '@coop/core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../../lib/api-client';

export type Administrator = z.infer<typeof administratorListSchema>['items'][number];

/** GET /admin/administrators: each with their status, second factor and the removal that waits for them. */
export const useAdministrators = () =>
  useQuery({
    queryKey: ['admin', 'administrators'],
    queryFn: () => apiFetch<{ items: Administrator[] }>('/admin/administrators'),
  });

/**
 * DELETE /admin/adminRoles/:email: a removal request (decision 0038). It takes effect after the notice unless an
 * administrator other than you and them declines it, or sooner when such an administrator approves it.
 */
export const removeAdmin = ({ email, idempotencyKey }: { email: string; idempotencyKey: string }) =>
  apiFetch<ApprovalPendingAnswer>(`/admin/adminRoles/${encodeURIComponent(email)}`, {
    method: 'DELETE',
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useRemoveAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
