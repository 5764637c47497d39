import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { LatestTransaction } from '../../common/types';

export const LATEST_LIMIT = 10;

export const getLatestTransactions = () =>
  apiFetch<{ items: LatestTransaction[] }>(`/admin/transactions/latest?limit=${LATEST_LIMIT}`);

export const latestTransactionsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'transactions', 'latest'],
    queryFn: getLatestTransactions,
    refetchInterval: 60_000,
  });

export function useLatestTransactions() {
  return useQuery(latestTransactionsQuery());
}
