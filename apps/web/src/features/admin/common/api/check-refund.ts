import type { RefundChecked } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/refunds/:id/check: Paystack is asked now about a refund that waits, and its answer applied (audited). */
export const checkRefund = (id: number) =>
  apiFetch<RefundChecked>(`/admin/refunds/${id}/check`, { method: 'POST' });

/** Every admin screen that shows the refund (its payment's refund page, the member record) is read again after. */
export function useCheckRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkRefund,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
