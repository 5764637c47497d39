import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErasureRequest, ErasureAsked } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** GET /me/erasure: when the member asked for erasure after closure (null: not asked). */
export const erasureRequestQuery = queryOptions({
  queryKey: ['me', 'erasure'],
  queryFn: () => apiFetch<ErasureRequest>('/me/erasure'),
});

export const useErasureRequest = () => useQuery(erasureRequestQuery);

export function useAskErasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ErasureAsked>('/me/erasure', { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'erasure'] }),
  });
}
