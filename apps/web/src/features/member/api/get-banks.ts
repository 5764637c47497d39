import type { BankList } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getBanks = () => apiFetch<BankList>('/banks', { token: null });

export const banksQuery = queryOptions({ queryKey: ['banks'], queryFn: getBanks, staleTime: 10 * 60_000 });

export function useBanks() {
  return useQuery(banksQuery);
}
