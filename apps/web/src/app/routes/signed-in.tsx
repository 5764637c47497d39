import type { RouteObject } from 'react-router';
import { RouteError } from '../../components/layout/route-error';
import { adminRoutes } from './admin';
import { memberRoutes } from './member';
import { withQueries } from './public';

/**
 * The signed-in areas, rendered in the browser as they need the person's session, which only the browser holds. The
 * browser loads this table only for an address the public site has no page for (app/browser-routes.ts): its lazy pages'
 * loaders and preload lists would otherwise be a tenth of the home page's own code (issue 38).
 */
export const signedInBranch: RouteObject = {
  id: 'signed-in',
  lazy: withQueries,
  errorElement: <RouteError />,
  children: [...memberRoutes, ...adminRoutes],
};
