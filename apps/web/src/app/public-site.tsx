import type { RouteObject } from 'react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteError } from '../components/layout/route-error';
import { publicRoutes } from './routes/public';

/** The id of the public site's branch: the server renders these pages ahead (entry-server.tsx). */
export const PUBLIC_ROUTE_ID = 'public-site';

/** The public site: its pages, and the not-found page for any other address. */
export const publicSite: RouteObject = {
  id: PUBLIC_ROUTE_ID,
  element: <PublicLayout />,
  errorElement: <RouteError />,
  children: [
    ...publicRoutes,
    {
      path: '*',
      lazy: async () => ({
        Component: (await import('../features/not-found/pages/not-found-page')).NotFoundPage,
      }),
    },
  ],
};
