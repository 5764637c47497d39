import type { SettlementDetail } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/settlements/:id: one settlement and its lines. */
export const settlementQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'settlements', 'one', id],
    queryFn: () => apiFetch<SettlementDetail>(`/admin/settlements/${id}`),
  });

export const useSettlement = (id: number) => useQuery(settlementQuery(id));
