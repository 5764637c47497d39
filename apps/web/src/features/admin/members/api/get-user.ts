import type { Programme } from '@coop/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { MainUserFigures, WelcomeBackUserFigures } from '../../common/types';

export type UserFigures = MainUserFigures | WelcomeBackUserFigures;

/** GET /admin/toViewUser/:email (Main) and /admin/toWelcomeBackUser/:email: one account's details and figures. */
export async function getUser(programme: Programme, email: string): Promise<UserFigures> {
  const path = programme === 'main' ? '/admin/toViewUser/' : '/admin/toWelcomeBackUser/';
  return (await apiFetch<{ data: UserFigures }>(path + encodeURIComponent(email))).data;
}

export const userQuery = (programme: Programme, email: string) =>
  queryOptions({
    queryKey: ['admin', 'user', programme, email],
    queryFn: () => getUser(programme, email),
    enabled: email !== '',
    retry: false,
  });

export function useUser(programme: Programme, email: string) {
  return useQuery(userQuery(programme, email));
}
