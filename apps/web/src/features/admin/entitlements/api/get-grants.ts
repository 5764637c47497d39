import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { AdminGrant, GrantStatus, Paged } from '../../common/types';

export const GRANTS_PAGE_SIZE = 20;

export function getGrants(status: GrantStatus | '', page: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(GRANTS_PAGE_SIZE) });
  if (status) query.set('status', status);
  return apiFetch<Paged<AdminGrant>>(`/admin/grants?${query}`);
}

export const grantsQuery = (status: GrantStatus | '', page: number) =>
  queryOptions({
    queryKey: ['admin', 'grants', status, page],
    queryFn: () => getGrants(status, page),
    placeholderData: keepPreviousData,
  });

export function useGrants(status: GrantStatus | '', page: number) {
  return useQuery(grantsQuery(status, page));
}
