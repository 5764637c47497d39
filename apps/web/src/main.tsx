import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState, type RouteObject } from 'react-router';
import { PLANS_DATA_ID, readJsonBlock, ROUTER_DATA_ID, SITE_DATA_ID } from './app/page-data';
import type { CurrentPlans } from './lib/plans-context';
import { routes } from './app/routes';
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

async function start() {
  const site = readJsonBlock<Site>(SITE_DATA_ID);
  const plans = readJsonBlock<CurrentPlans>(PLANS_DATA_ID);
  if (!site || !plans) throw new Error(`The page has no #${SITE_DATA_ID} or #${PLANS_DATA_ID} block: open it through the platform's server.`);
  const container = document.getElementById('root')!;
  let hydrationData = readJsonBlock<HydrationState>(ROUTER_DATA_ID);
  if (hydrationData) {
    try {
      await loadMatchedRoutes(routes);
    } catch (error) {
      // Offline or a new release: render in the browser instead, where the route's error screen explains it.
      console.error('Could not load this page’s code to take over the server’s page', error);
      hydrationData = null;
    }
  }
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
  const app = (
    <PageRoot site={site} plans={plans}>
      <RouterProvider router={router} />
    </PageRoot>
  );
  // A transition lets React hydrate in short slices, so a cheap phone stays responsive while it does.
  if (hydrationData) return startTransition(() => void hydrateRoot(container, app));
  // A signed-in page's shell from the server (layout, navigation, skeleton) stays until the page can draw with its
  // session, code and first figures, all asked for at once by the route's loaders (decision 0034); then React replaces it.
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
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
Promise.all([start(), loaded]).then(hideBootLoader, (error: unknown) => console.error('The page could not start', error));
