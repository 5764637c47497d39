import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; a flaky network might.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });

let browserClient: QueryClient | undefined;

/** One cache for the tab; the server renderer gets a fresh one per page so no request sees another's data. */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  return (browserClient ??= createQueryClient());
}
