import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** PUT /admin/adminRoles/:email: makes the Main account with that email an administrator (audited). */
export const makeAdmin = (email: string) => apiFetch<{ status: number; message: string }>(`/admin/adminRoles/${encodeURIComponent(email)}`, { method: 'PUT' });

export function useMakeAdmin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: makeAdmin, onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }) });
}
