import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { MatrixSearch } from '../types';

export const searchMatrix = (name: string) =>
  apiFetch<MatrixSearch>(`/me/matrix/search?name=${encodeURIComponent(name)}`);

export const matrixSearchQuery = (name: string) =>
  queryOptions({
    queryKey: ['me', 'matrix', 'search', name],
    queryFn: () => searchMatrix(name),
    enabled: name !== '',
  });

export function useMatrixSearch(name: string) {
  return useQuery(matrixSearchQuery(name));
}
