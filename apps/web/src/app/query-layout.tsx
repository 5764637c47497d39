import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { getQueryClient } from '../lib/query-client';

/**
 * The data cache for the screens that call the API (forms, member and admin areas). It is a lazily loaded
 * layout route, so the pages that only show text (home, about, FAQ) never download the query library.
 */
export function Component() {
  const [client] = useState(getQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
