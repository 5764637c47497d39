import type { Programme } from '@coop/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerEntryKind, LedgerLines, WalletBalances } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

export const LEDGER_PAGE_SIZE = 25;

/** GET /admin/liabilities/lines: the journal lines behind a figure, newest first. */
export const ledgerLinesQuery = (programme: Programme, kind: LedgerEntryKind, page: number) =>
  queryOptions({
    queryKey: ['admin', 'ledger-lines', programme, kind, page],
    queryFn: () =>
      apiFetch<LedgerLines>(
        `/admin/liabilities/lines?programme=${programme}&kind=${kind}&page=${page}&pageSize=${LEDGER_PAGE_SIZE}`,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /admin/liabilities/wallets: wallets holding money, largest first. */
export const walletBalancesQuery = (programme: Programme, page: number) =>
  queryOptions({
    queryKey: ['admin', 'wallet-balances', programme, page],
    queryFn: () =>
      apiFetch<WalletBalances>(
        `/admin/liabilities/wallets?programme=${programme}&page=${page}&pageSize=${LEDGER_PAGE_SIZE}`,
      ),
    placeholderData: keepPreviousData,
  });

export const useLedgerLines = (programme: Programme, kind: LedgerEntryKind, page: number) =>
  useQuery(ledgerLinesQuery(programme, kind, page));
export const useWalletBalances = (programme: Programme, page: number) =>
  useQuery(walletBalancesQuery(programme, page));
