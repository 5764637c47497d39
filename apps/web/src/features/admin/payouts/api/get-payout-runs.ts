import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { Paged, PayoutRunSummary } from '../../common/types';

export const RUNS_PAGE_SIZE = 20;

export const getPayoutRuns = (page: number) =>
  apiFetch<Paged<PayoutRunSummary>>(`/admin/payouts/runs?page=${page}&pageSize=${RUNS_PAGE_SIZE}`);

export const payoutRunsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'payouts', 'runs', page],
    queryFn: () => getPayoutRuns(page),
    placeholderData: keepPreviousData,
  });

export function usePayoutRuns(page: number) {
  return useQuery(payoutRunsQuery(page));
}
