import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Award } from '../types';

export const getAwards = () => apiFetch<{ awards: Award[] }>('/me/awards');

export const awardsQuery = queryOptions({ queryKey: ['me', 'awards'], queryFn: getAwards });

export function useAwards() {
  return useQuery(awardsQuery);
}
