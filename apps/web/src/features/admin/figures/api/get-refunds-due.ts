import type { Programme } from '@coop/core';
import type { RefundsDue } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/liabilities/refunds-due: payments taken that placed nothing, newest first (the first 100). */
export const refundsDueQuery = (programme: Programme) =>
  queryOptions({
    queryKey: ['admin', 'refunds-due', programme],
    queryFn: () => apiFetch<RefundsDue>(`/admin/liabilities/refunds-due?programme=${programme}&pageSize=100`),
  });

export const useRefundsDue = (programme: Programme) => useQuery(refundsDueQuery(programme));
