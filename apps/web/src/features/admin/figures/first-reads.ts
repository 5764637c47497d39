import type { QueryClient } from '@tanstack/react-query';
import { latestTransactionsQuery } from './api/get-latest-transactions';
import { mailBacklogQuery } from './api/get-mail-backlog';
import { transactionAmountsQuery } from './api/get-transaction-amounts';
import { userCountsQuery } from './api/get-user-counts';

/** The admin dashboard's figures, started by its route's loader while the page's code loads (decision 0034). */
export function startAdminDashboardReads(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(userCountsQuery()),
    client.prefetchQuery(transactionAmountsQuery()),
    client.prefetchQuery(latestTransactionsQuery()),
    client.prefetchQuery(mailBacklogQuery()),
  ]);
}
