import { createBrowserRouter } from 'react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteError } from '../components/layout/route-error';
import { adminRoutes } from './routes/admin';
import { memberRoutes } from './routes/member';
import { publicRoutes } from './routes/public';

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      ...publicRoutes,
      { path: '*', lazy: async () => ({ Component: (await import('../features/not-found/pages/not-found-page')).NotFoundPage }) },
    ],
  },
  ...memberRoutes,
  ...adminRoutes,
]);
