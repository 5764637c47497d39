import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { PayoutRunSummary } from '../../common/types';

/** POST /admin/payouts/runs/:id/confirm: a bank-file run, every reserved payout paid except those listed as failed. */
export const confirmPayoutRun = ({ id, failedPayoutIds }: { id: number; failedPayoutIds: number[] }) =>
  apiFetch<{ settled: number; failed: number; run: PayoutRunSummary }>(`/admin/payouts/runs/${id}/confirm`, { method: 'POST', body: { failedPayoutIds } });

export function useConfirmPayoutRun() {
  const client = useQueryClient();
  return useMutation({ mutationFn: confirmPayoutRun, onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'payouts'] }) });
}
