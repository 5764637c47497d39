import type { RouteObject } from 'react-router';

/** Public pages (inside the public layout). Pages load lazily: a phone on a slow network downloads only the screen it opens. */
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../../features/home/pages/home-page')).HomePage }) },
];
