import type { RouteObject } from 'react-router';
import { publicSite } from './public-site';
import { signedInBranch } from './routes/signed-in';

export { PUBLIC_ROUTE_ID } from './public-site';

/** Every route, for the server's renderer; the browser starts from the public site alone (app/browser-routes.ts). */
export const routes: RouteObject[] = [publicSite, signedInBranch];
