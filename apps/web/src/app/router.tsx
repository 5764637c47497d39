import { createBrowserRouter } from 'react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { RouteError } from '../components/layout/route-error';

// Pages load lazily: a phone on a slow network downloads only the screen it opens.
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/home/pages/home-page')).HomePage }) },
      { path: '*', lazy: async () => ({ Component: (await import('../features/not-found/pages/not-found-page')).NotFoundPage }) },
    ],
  },
]);
