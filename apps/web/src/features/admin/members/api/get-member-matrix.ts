import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMatrix } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/members/:id/matrix: the matrix from the member's position down (or from a position inside it), with names. */
export function getMemberMatrix(id: string, from: number | null) {
  const query = new URLSearchParams({ levels: '3' });
  if (from !== null) query.set('from', String(from));
  return apiFetch<AdminMatrix>(`/admin/members/${encodeURIComponent(id)}/matrix?${query}`);
}

export const memberMatrixQuery = (id: string, from: number | null) =>
  queryOptions({
    queryKey: ['admin', 'member', id, 'matrix', from],
    queryFn: () => getMemberMatrix(id, from),
    placeholderData: keepPreviousData,
  });

export function useMemberMatrix(id: string, from: number | null) {
  return useQuery(memberMatrixQuery(id, from));
}
