import type { SettlementList } from '@coop/core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export const SETTLEMENTS_PAGE_SIZE = 20;

/** GET /admin/settlements: Paystack's settlements to the bank, newest first, ours beside each. */
export const settlementsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'settlements', 'list', page],
    queryFn: () =>
      apiFetch<SettlementList>(`/admin/settlements?page=${page}&pageSize=${SETTLEMENTS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });

export const useSettlements = (page: number) => useQuery(settlementsQuery(page));
