import type { Programme } from '@coop/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Dashboard } from '../types';

export const mePath = (programme: Programme) => `/me?programme=${programme}`;
export const getMe = (programme: Programme) => apiFetch<Dashboard>(mePath(programme));

export const meQuery = (programme: Programme) =>
  queryOptions({ queryKey: ['me', programme, 'dashboard'], queryFn: () => getMe(programme) });

export function useMe(programme: Programme) {
  return useQuery(meQuery(programme));
}
