import type { Programme } from '@coop/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Liabilities, LiabilityHistory } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/liabilities: what the company owes in a programme, from the ledger and the award table. */
export const liabilitiesQuery = (programme: Programme) =>
  queryOptions({
    queryKey: ['admin', 'liabilities', programme],
    queryFn: () => apiFetch<Liabilities>(`/admin/liabilities?programme=${programme}`),
    refetchInterval: 60_000,
  });

/** GET /admin/liabilities/history: the last twelve months of fees in, bonuses credited and paid out. */
export const liabilityHistoryQuery = (programme: Programme) =>
  queryOptions({
    queryKey: ['admin', 'liability-history', programme],
    queryFn: () => apiFetch<LiabilityHistory>(`/admin/liabilities/history?programme=${programme}`),
  });

export const useLiabilities = (programme: Programme) => useQuery(liabilitiesQuery(programme));
export const useLiabilityHistory = (programme: Programme) => useQuery(liabilityHistoryQuery(programme));
