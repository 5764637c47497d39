import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { WalletHistory, WalletLineKind } from '../types';

export const WALLET_PAGE_SIZE = 20;

export const walletHistoryPath = (page: number, kinds: readonly WalletLineKind[] | null) =>
  `/me/wallet-history?page=${page}&pageSize=${WALLET_PAGE_SIZE}${kinds ? `&kind=${kinds.join(',')}` : ''}`;
export const getWalletHistory = (page: number, kinds: readonly WalletLineKind[] | null) =>
  apiFetch<WalletHistory>(walletHistoryPath(page, kinds));

export const walletHistoryQuery = (page: number, kinds: readonly WalletLineKind[] | null) =>
  queryOptions({
    queryKey: ['me', 'wallet-history', page, kinds],
    queryFn: () => getWalletHistory(page, kinds),
    placeholderData: keepPreviousData,
  });

export function useWalletHistory(page: number, kinds: readonly WalletLineKind[] | null) {
  return useQuery(walletHistoryQuery(page, kinds));
}
