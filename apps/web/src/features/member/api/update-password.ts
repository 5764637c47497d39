import type { UpdatePasswordInput, StatusMessage } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** PUT /auth/password: the signed-in account only; the current password is required. */
export const updatePassword = (input: UpdatePasswordInput) =>
  apiFetch<StatusMessage>('/auth/password', { method: 'PUT', body: input });

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
