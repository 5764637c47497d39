import type { Programme } from '@coop/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface PaymentStatus {
  reference: string;
  status: 'pending' | 'paid' | 'failed' | 'abandoned';
  paid: boolean;
  programme: Programme;
  amount: string;
  paidAt: string | null;
  /** The position's stage once paid (Welcome). */
  stageName: string | null;
  /** What to tell the person, in the server's words. */
  message: string;
}

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
