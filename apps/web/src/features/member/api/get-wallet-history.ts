import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { WalletHistory } from '../types';

export const WALLET_PAGE_SIZE = 20;

export const getWalletHistory = (page: number) => apiFetch<WalletHistory>(`/me/wallet-history?page=${page}&pageSize=${WALLET_PAGE_SIZE}`);

export const walletHistoryQuery = (page: number) =>
  queryOptions({ queryKey: ['me', 'wallet-history', page], queryFn: () => getWalletHistory(page), placeholderData: keepPreviousData });

export function useWalletHistory(page: number) {
  return useQuery(walletHistoryQuery(page));
}
