import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InactiveAccountList } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

export const INACTIVE_PAGE_SIZE = 20;

/** GET /admin/inactive-accounts: active accounts with no sign-in and no payment for 12 months. */
export const getInactiveAccounts = (page: number) =>
  apiFetch<InactiveAccountList>(
    `/admin/inactive-accounts?${new URLSearchParams({ page: String(page), pageSize: String(INACTIVE_PAGE_SIZE) })}`,
  );

export const inactiveAccountsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'inactive', page],
    queryFn: () => getInactiveAccounts(page),
    placeholderData: keepPreviousData,
  });

export function useInactiveAccounts(page: number) {
  return useQuery(inactiveAccountsQuery(page));
}
