import type { RouteObject } from 'react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteError } from '../components/layout/route-error';
import { adminRoutes } from './routes/admin';
import { memberRoutes } from './routes/member';
import { publicRoutes, withQueries } from './routes/public';

/** The id of the public site's branch: the server renders these pages ahead (entry-server.tsx). */
export const PUBLIC_ROUTE_ID = 'public-site';

export const routes: RouteObject[] = [
  {
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
  },
  // The signed-in areas need the person's session, which only the browser holds: they are rendered there.
  { lazy: withQueries, errorElement: <RouteError />, children: [...memberRoutes, ...adminRoutes] },
];
