import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FraudFlagList } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

export const FLAGS_PAGE_SIZE = 20;
export type FlagState = 'open' | 'cleared';

/** GET /admin/flags: fraud signals for review, open or cleared, newest first. */
export const getFlags = (state: FlagState, page: number) =>
  apiFetch<FraudFlagList>(
    `/admin/flags?${new URLSearchParams({ state, page: String(page), pageSize: String(FLAGS_PAGE_SIZE) })}`,
  );

export const flagsQuery = (state: FlagState, page: number) =>
  queryOptions({
    queryKey: ['admin', 'flags', state, page],
    queryFn: () => getFlags(state, page),
    placeholderData: keepPreviousData,
  });

export function useFlags(state: FlagState, page: number) {
  return useQuery(flagsQuery(state, page));
}
