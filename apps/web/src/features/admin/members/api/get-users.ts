import type { Programme } from '@coop/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { Paged, UserListItem } from '../../common/types';

export const USERS_PAGE_SIZE = 20;

type Answer = {
  page: number;
  pageSize: number;
  total: number;
  administrators: number;
  mainUsers?: UserListItem[];
  welcomeBackUsers?: UserListItem[];
};

/** GET /admin/viewMainUser and /admin/viewWelcomeBackUser: one programme's accounts, newest first, searchable. */
export async function getUsers(
  programme: Programme,
  search: string,
  page: number,
): Promise<Paged<UserListItem> & { administrators: number }> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(USERS_PAGE_SIZE) });
  if (search) query.set('search', search);
  const path = programme === 'main' ? '/admin/viewMainUser' : '/admin/viewWelcomeBackUser';
  const answer = await apiFetch<Answer>(`${path}?${query}`);
  return {
    page: answer.page,
    pageSize: answer.pageSize,
    total: answer.total,
    administrators: answer.administrators,
    items: answer.mainUsers ?? answer.welcomeBackUsers ?? [],
  };
}

export const usersQuery = (programme: Programme, search: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'users', programme, search, page],
    queryFn: () => getUsers(programme, search, page),
    placeholderData: keepPreviousData,
  });

export function useUsers(programme: Programme, search: string, page: number) {
  return useQuery(usersQuery(programme, search, page));
}
