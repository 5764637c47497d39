import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { TransactionAmounts } from '../../common/types';

export const getTransactionAmounts = () => apiFetch<TransactionAmounts>('/admin/adminTransactionAmount');

export const transactionAmountsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'transaction-amounts'],
    queryFn: getTransactionAmounts,
    refetchInterval: 60_000,
  });

export function useTransactionAmounts() {
  return useQuery(transactionAmountsQuery());
}
