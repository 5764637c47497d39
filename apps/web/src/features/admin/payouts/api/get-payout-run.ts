import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { PayoutRunDetail } from '../../common/types';

export const getPayoutRun = (id: number) => apiFetch<PayoutRunDetail>(`/admin/payouts/runs/${id}`);

/** A running run is asked again every few seconds: transfers settle by webhook in the background. */
export const payoutRunQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'payouts', 'run', id],
    queryFn: () => getPayoutRun(id),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 5_000 : false),
  });

export function usePayoutRun(id: number) {
  return useQuery(payoutRunQuery(id));
}
