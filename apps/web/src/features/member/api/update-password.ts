import type { UpdatePasswordInput } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** PUT /auth/password: the signed-in account only; the current password is required. */
export const updatePassword = (input: UpdatePasswordInput) =>
  apiFetch<{ status: number; message: string }>('/auth/password', { method: 'PUT', body: input });

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
