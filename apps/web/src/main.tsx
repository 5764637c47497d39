import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import {
  PLANS_DATA_ID,
  QUERY_DATA_ID,
  readJsonBlock,
  ROUTER_DATA_ID,
  SITE_DATA_ID,
  TIME_ZONE_COOKIE,
} from './app/page-data';
import type { CurrentPlans } from './lib/plans-context';
import { discoverRoutes, startingRoutes } from './app/browser-routes';
import { PageRoot } from './app/page-root';
import type { Site } from './lib/site-context';
import './styles.css';

/** Loads the code of the routes this address shows, so hydration finds the same tree the server rendered. */
async function loadMatchedRoutes(routeList: RouteObject[]) {
  const lazy = (matchRoutes(routeList, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * A member page the server drew with the member's data (decision 0037) carries the answers it drew from: the data
 * cache starts from them, so the page's loaders find its first reads there and the browser asks for none of them again.
 * The data library loads only then (the public pages never load it).
 */
async function seedDataCache(): Promise<boolean> {
  const state = readJsonBlock<unknown>(QUERY_DATA_ID);
  if (!state) return false;
  const [{ hydrate }, { getQueryClient }] = await Promise.all([
    import('@tanstack/react-query'),
    import('./lib/query-client'),
  ]);
  hydrate(getQueryClient(), state);
  return true;
}

/** Tells the server this browser's time zone, so the member pages it draws show their dates as this browser would. */
function tellTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone)
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

async function start() {
  tellTimeZone();
  const site = readJsonBlock<Site>(SITE_DATA_ID);
  const plans = readJsonBlock<CurrentPlans>(PLANS_DATA_ID);
  if (!site || !plans)
    throw new Error(
      `The page has no #${SITE_DATA_ID} or #${PLANS_DATA_ID} block: open it through the platform's server.`,
    );
  const container = document.getElementById('root')!;
  let hydrationData = readJsonBlock<HydrationState>(ROUTER_DATA_ID);
  // Before the router starts: its loaders look in the cache. The signed-in areas' table loads beside it when asked for.
  const [routes, drawnWithData] = await Promise.all([
    startingRoutes(window.location.pathname, hydrationData !== null),
    seedDataCache(),
  ]);
  if (hydrationData) {
    try {
      await loadMatchedRoutes(routes);
    } catch (error) {
      // Offline or a new release: render in the browser instead, where the route's error screen explains it.
      console.error('Could not load this page’s code to take over the server’s page', error);
      hydrationData = null;
    }
  }
  const router = createBrowserRouter(routes, {
    patchRoutesOnNavigation: discoverRoutes,
    ...(hydrationData ? { hydrationData } : {}),
  });
  const app = (
    <PageRoot site={site} plans={plans}>
      <RouterProvider router={router} />
    </PageRoot>
  );
  // A transition lets React hydrate in short slices, so a cheap phone stays responsive while it does.
  if (hydrationData) return startTransition(() => void hydrateRoot(container, app));
  // A signed-in page from the server (drawn with the member's data, or a shell of layout, navigation and skeleton) stays
  // until the page can draw with its session, code and first figures, all asked for at once by the route's loaders
  // (decisions 0034, 0037).
  const asked = window.location.pathname + window.location.search;
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  // A page drawn with the member's data is taken over where it stands (its fields keep what was typed, nothing is drawn
  // twice), in short slices so a cheap phone stays responsive. Should it differ (the page sent elsewhere meanwhile, a
  // figure moved), React draws it afresh, and says so here. A shell is replaced at once, as it shows nothing yet.
  const { pathname, search } = router.state.location;
  if (drawnWithData && pathname + search === asked) {
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) =>
          console.warn('The page was drawn again in the browser: it differed from the server’s.', error),
      });
    });
    return;
  }
  createRoot(container).render(app);
}

// The loading image stays until the page has fully loaded and React has taken it over.
function hideBootLoader() {
  const loader = document.getElementById('boot-loader');
  if (!loader) return;
  loader.style.opacity = '0';
  setTimeout(() => loader.remove(), 300);
}
const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});
Promise.all([start(), loaded]).then(hideBootLoader, (error: unknown) => {
  // A member's page drawn by the server stays readable, and its links, menu and filters work, when the page cannot start.
  console.error('The page could not start', error);
});
