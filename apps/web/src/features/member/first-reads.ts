import type { Programme } from '@coop/core';
import type { QueryClient } from '@tanstack/react-query';
import { meQuery } from './api/get-me';
import { matrixQuery } from './api/get-matrix';
import { unreadQuery } from './api/get-notifications';
import { walletHistoryQuery } from './api/get-wallet-history';
import { walletFilters } from './components/wallet-filters';

/** The member pages whose own first read is started ahead; every page shows the dashboard's figures in its sidebar. */
export type MemberPage = 'dashboard' | 'wallet' | 'matrix' | 'other';

/**
 * Starts the reads a member page shows first, once the session is known, while the page's code is still on its way
 * (the route's loader calls it; decision 0034): the page then draws with its figures instead of a skeleton and a second
 * round trip. The keys are the page's own, read from the same address the page reads them from.
 */
export function startFirstReads(client: QueryClient, programme: Programme, page: MemberPage, url: URL): Promise<unknown> {
  const reads: Promise<unknown>[] = [client.prefetchQuery(meQuery(programme)), client.prefetchQuery(unreadQuery)];
  if (page === 'matrix') reads.push(client.prefetchQuery(matrixQuery(Number(url.searchParams.get('from')) || null)));
  if (page === 'wallet') {
    const filters = walletFilters(programme);
    const filter = filters.find((f) => f.key === url.searchParams.get('kind')) ?? filters[0]!;
    reads.push(client.prefetchQuery(walletHistoryQuery(Math.max(1, Number(url.searchParams.get('page')) || 1), filter.kinds)));
  }
  return Promise.all(reads);
}
