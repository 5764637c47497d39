import type { SettlementFetched } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/settlements/fetch: ask Paystack now (the job asks every three hours). */
export function useFetchSettlements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<SettlementFetched>('/admin/settlements/fetch', { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'settlements'] }),
  });
}
