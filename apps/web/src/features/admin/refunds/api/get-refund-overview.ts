import type { RefundOverview } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/payments/:reference/refund: the payment, whether and how much may be refunded, its refunds. */
export const refundOverviewQuery = (reference: string) =>
  queryOptions({
    queryKey: ['admin', 'refund', reference],
    queryFn: () => apiFetch<RefundOverview>(`/admin/payments/${encodeURIComponent(reference)}/refund`),
    // A refund moves on Paystack's events, seconds after it is sent: the screen follows one sent within the hour.
    // One that has waited longer is asked about by the recheck job or by "Ask Paystack now", not by this screen.
    refetchInterval: (query) =>
      query.state.data?.refunds.some(
        (r) => ['sending', 'pending', 'processing'].includes(r.status) && r.waitingHours === 0,
      )
        ? 3_000
        : false,
  });

export const useRefundOverview = (reference: string) => useQuery(refundOverviewQuery(reference));
