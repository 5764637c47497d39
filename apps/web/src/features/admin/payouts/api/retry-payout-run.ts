import type { Approval } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { PayoutRunProgress } from '../../common/types';

/** What a retry did; `approval` when payouts to new bank details wait for a second administrator. */
export type RetryAnswer = PayoutRunProgress & { approval?: Approval; message?: string };

/** POST /admin/payouts/runs/:id/retry: sends again what is still reserved, with the same references. */
export const retryPayoutRun = (id: number) =>
  apiFetch<RetryAnswer>(`/admin/payouts/runs/${id}/retry`, { method: 'POST' });

export function useRetryPayoutRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryPayoutRun,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
