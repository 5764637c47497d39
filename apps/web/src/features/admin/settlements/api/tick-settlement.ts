import type { SettlementDetail } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/settlements/:id/tick: found (or not) on the bank statement. */
export function useTickSettlement(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ticked: boolean) =>
      apiFetch<SettlementDetail>(`/admin/settlements/${id}/tick`, { method: 'POST', body: { ticked } }),
    onSuccess: (detail) => {
      client.setQueryData(['admin', 'settlements', 'one', id], detail);
      void client.invalidateQueries({ queryKey: ['admin', 'settlements', 'list'] });
    },
  });
}
