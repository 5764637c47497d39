import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { MatrixView } from '../types';

export const MATRIX_LEVELS = 3;

export const matrixPath = (from: number | null) =>
  `/me/matrix?levels=${MATRIX_LEVELS}${from ? `&from=${from}` : ''}`;
export const getMatrix = (from: number | null) => apiFetch<MatrixView>(matrixPath(from));

export const matrixQuery = (from: number | null) =>
  queryOptions({ queryKey: ['me', 'matrix', from], queryFn: () => getMatrix(from) });

export function useMatrix(from: number | null) {
  return useQuery(matrixQuery(from));
}
