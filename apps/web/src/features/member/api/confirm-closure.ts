import type { ClosureConfirmed } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Public: the link in the mail works without signing in. */
export const confirmClosure = (token: string) =>
  apiFetch<ClosureConfirmed>('/auth/confirm-closure', {
    method: 'POST',
    body: { token },
    token: null,
  });

export function useConfirmClosure() {
  return useMutation({ mutationFn: confirmClosure });
}
