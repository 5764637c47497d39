import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Grant } from '../types';

export const getGrant = () => apiFetch<{ ceiling: string; applications: Grant[] }>('/me/grant');

export const grantQuery = queryOptions({ queryKey: ['me', 'grant'], queryFn: getGrant });

export function useGrant() {
  return useQuery(grantQuery);
}
