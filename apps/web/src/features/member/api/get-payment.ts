import type { PaymentStatus } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The answer's type is inferred from the schema the server answers through (paymentStatusSchema). */
export type { PaymentStatus };

export const getPayment = (reference: string) =>
  apiFetch<PaymentStatus>(`/payments/${encodeURIComponent(reference)}`);

/** Asked again every 2 seconds while the provider has not settled it (the webhook may come a moment later). */
export const paymentQuery = (reference: string) =>
  queryOptions({
    queryKey: ['payments', reference],
    queryFn: () => getPayment(reference),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < 30 ? 2000 : false,
  });

export function usePayment(reference: string) {
  return useQuery(paymentQuery(reference));
}
