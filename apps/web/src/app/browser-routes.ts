import { matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { publicSite } from './public-site';

/**
 * The browser's routes. The home page's code holds only the public site's table: the signed-in areas' table (about
 * 5 KB gzip with its pages' preload lists, issue 38) is its own chunk, loaded when an address is not a public page, at
 * the start or on a link (React Router's patchRoutesOnNavigation), so the whole table is there before any of its pages
 * draws.
 */
const signedIn = () => import('./routes/signed-in').then((m) => m.signedInBranch);

/** The public site has no page of its own here: only its not-found page matches (a signed-in address, or none). */
function notPublic(pathname: string): boolean {
  const matches = matchRoutes([publicSite], pathname);
  return !matches || matches.at(-1)?.route.path === '*';
}

/**
 * The routes to start the router with at this address. A page the server drew as a public one (it sent the router's
 * data) is one, the not-found page included: the server matched it against every route.
 */
export async function startingRoutes(pathname: string, drawnAsPublicPage: boolean): Promise<RouteObject[]> {
  return !drawnAsPublicPage && notPublic(pathname) ? [publicSite, await signedIn()] : [publicSite];
}

/**
 * Adds the signed-in areas when a navigation finds no public page. React Router also asks on addresses with a
 * parameter; the table is added once (a route of the same id is not added again).
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (notPublic(path)) patch(null, [await signedIn()]);
};
