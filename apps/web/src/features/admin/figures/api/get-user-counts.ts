import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { UserCounts } from '../../common/types';

export const getUserCounts = () => apiFetch<UserCounts>('/admin/countUsers');

export const userCountsQuery = () =>
  queryOptions({ queryKey: ['admin', 'user-counts'], queryFn: getUserCounts, refetchInterval: 60_000 });

export function useUserCounts() {
  return useQuery(userCountsQuery());
}
