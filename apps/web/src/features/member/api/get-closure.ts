import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ClosureStatus } from '../types';

export const getClosure = () => apiFetch<ClosureStatus>('/me/close');

export const closureQuery = queryOptions({ queryKey: ['me', 'closure'], queryFn: getClosure });

export function useClosure() {
  return useQuery(closureQuery);
}
