import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DisputeList } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

export const DISPUTES_PAGE_SIZE = 20;
export type DisputeState = 'open' | 'resolved' | 'all';

/** GET /admin/disputes: disputes of card payments, open ones first by Paystack's due date; or one member's. */
export const getDisputes = (state: DisputeState, page: number, accountId?: string) =>
  apiFetch<DisputeList>(
    `/admin/disputes?${new URLSearchParams({ state, page: String(page), pageSize: String(DISPUTES_PAGE_SIZE), ...(accountId ? { accountId } : {}) })}`,
  );

export const disputesQuery = (state: DisputeState, page: number, accountId?: string) =>
  queryOptions({
    queryKey: ['admin', 'disputes', state, page, accountId ?? null],
    queryFn: () => getDisputes(state, page, accountId),
    placeholderData: keepPreviousData,
  });

export function useDisputes(state: DisputeState, page: number, accountId?: string) {
  return useQuery(disputesQuery(state, page, accountId));
}
