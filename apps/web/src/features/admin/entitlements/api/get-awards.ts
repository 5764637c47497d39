import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { AdminAward, Paged } from '../../common/types';

export const AWARDS_PAGE_SIZE = 20;
export type AwardFilter = 'pending' | 'delivered' | '';

export function getAwards(status: AwardFilter, page: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(AWARDS_PAGE_SIZE) });
  if (status) query.set('status', status);
  return apiFetch<Paged<AdminAward>>(`/admin/awards?${query}`);
}

export const awardsQuery = (status: AwardFilter, page: number) =>
  queryOptions({
    queryKey: ['admin', 'awards', status, page],
    queryFn: () => getAwards(status, page),
    placeholderData: keepPreviousData,
  });

export function useAwards(status: AwardFilter, page: number) {
  return useQuery(awardsQuery(status, page));
}
