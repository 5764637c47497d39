import type { PayoutRelease, MessageAnswer } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/payouts/:id/release: the payout will not be paid in its run; its money is (or goes) back to the wallet. */
export const releasePayout = ({ id, reason }: PayoutRelease & { id: number }) =>
  apiFetch<MessageAnswer>(`/admin/payouts/${id}/release`, { method: 'POST', body: { reason } });

export function useReleasePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: releasePayout,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'payouts'] }),
  });
}
