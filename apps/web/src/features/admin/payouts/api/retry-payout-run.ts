import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { PayoutRunProgress } from '../../common/types';

/** POST /admin/payouts/runs/:id/retry: sends again what is still reserved, with the same references. */
export const retryPayoutRun = (id: number) => apiFetch<PayoutRunProgress>(`/admin/payouts/runs/${id}/retry`, { method: 'POST' });

export function useRetryPayoutRun() {
  const client = useQueryClient();
  return useMutation({ mutationFn: retryPayoutRun, onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'payouts'] }) });
}
