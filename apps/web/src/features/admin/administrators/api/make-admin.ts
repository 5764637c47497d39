import type { ApprovalPendingAnswer } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** PUT /admin/adminRoles/:email: a request a second administrator approves (at once with one administrator). */
export const makeAdmin = ({ email, idempotencyKey }: { email: string; idempotencyKey: string }) =>
  apiFetch<{ status: number; message: string } | ApprovalPendingAnswer>(`/admin/adminRoles/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useMakeAdmin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: makeAdmin, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
