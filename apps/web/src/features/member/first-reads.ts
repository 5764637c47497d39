import type { Programme } from '@coop/core';
import type { FirstRead } from '@coop/core/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { mePath, meQuery } from './api/get-me';
import { matrixPath, matrixQuery } from './api/get-matrix';
import { myPlanPath, myPlanQuery } from './api/get-my-plan';
import { NOTIFICATIONS_PATH, notificationsQuery, UNREAD_PATH, unreadQuery } from './api/get-notifications';
import { PRIVACY_NOTICE_PATH, privacyNoticeQuery } from './api/privacy-notice';
import { walletHistoryPath, walletHistoryQuery } from './api/get-wallet-history';
import { walletFilters } from './components/wallet-filters';

/** The member pages whose own first read is known ahead; every page shows the layout's reads (sidebar, bell, notice). */
export type MemberPage = 'dashboard' | 'wallet' | 'matrix' | 'notifications' | 'grant' | 'plan' | 'other';

/** A first read: the query the page's hook makes, and its path, for the server to make the same read. */
type Read = FirstRead & { prefetch: (client: QueryClient) => Promise<void> };

function reads(programme: Programme, page: MemberPage, url: URL): Read[] {
  const me = meQuery(programme);
  const notice = privacyNoticeQuery();
  const list: Read[] = [
    { key: me.queryKey, path: mePath(programme), prefetch: (client) => client.prefetchQuery(me) },
    { key: unreadQuery.queryKey, path: UNREAD_PATH, prefetch: (client) => client.prefetchQuery(unreadQuery) },
    { key: notice.queryKey, path: PRIVACY_NOTICE_PATH, prefetch: (client) => client.prefetchQuery(notice) },
  ];
  // The member's own plan version: the dashboard, the grant and My Plan state its figures (decision 0059).
  if (page === 'dashboard' || page === 'grant' || page === 'plan') {
    const plan = myPlanQuery(programme);
    list.push({
      key: plan.queryKey,
      path: myPlanPath(programme),
      prefetch: (client) => client.prefetchQuery(plan),
    });
  }
  if (page === 'matrix') {
    const from = Number(url.searchParams.get('from')) || null;
    const matrix = matrixQuery(from);
    list.push({
      key: matrix.queryKey,
      path: matrixPath(from),
      prefetch: (client) => client.prefetchQuery(matrix),
    });
  }
  if (page === 'notifications') {
    list.push({
      key: notificationsQuery.queryKey,
      path: NOTIFICATIONS_PATH,
      prefetch: (client) => client.prefetchQuery(notificationsQuery),
    });
  }
  if (page === 'wallet') {
    const filters = walletFilters(programme);
    const filter = filters.find((f) => f.key === url.searchParams.get('kind')) ?? filters[0]!;
    const number = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const wallet = walletHistoryQuery(number, filter.kinds);
    list.push({
      key: wallet.queryKey,
      path: walletHistoryPath(number, filter.kinds),
      prefetch: (client) => client.prefetchQuery(wallet),
    });
  }
  return list;
}

/**
 * Starts the reads a member page shows first, once the session is known, while the page's code is still on its way
 * (the route's loader calls it; decision 0034): the page then draws with its figures instead of a skeleton and a second
 * round trip. When the server drew the page, its answers are already in the cache and nothing is asked again.
 */
export function startFirstReads(
  client: QueryClient,
  programme: Programme,
  page: MemberPage,
  url: URL,
): Promise<unknown> {
  return Promise.all(reads(programme, page, url).map((first) => first.prefetch(client)));
}

/** The same reads, for the server to make with the member's session and draw the page with (decision 0037). */
export const firstReadsOf = (programme: Programme, page: MemberPage, url: URL): FirstRead[] =>
  reads(programme, page, url).map(({ key, path }) => ({ key, path }));
