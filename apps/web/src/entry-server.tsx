import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { jsonBlock, ROUTER_DATA_ID, type CurrentPlans, type PublicPageData, type RenderedPage } from '@coop/core/contracts';
import { PUBLIC_ROUTE_ID, routes } from './app/routes';
import { PageRoot } from './app/page-root';
import { PageSkeleton } from './components/display/page-skeleton';
import { AdminLayout } from './features/admin/common/components/admin-layout';
import { MainMemberLayout, WelcomeBackMemberLayout } from './features/member/pages/member-area-layouts';
import { getQueryClient } from './lib/query-client';
import type { Site } from './lib/site-context';

/**
 * The server's renderer (built by `vite build --ssr`, used by apps/server/src/plugins/web-client.ts). Public
 * pages are sent as finished HTML, so a phone on a slow network reads the page before any script arrives; the
 * signed-in areas need the session only the browser holds: their layout and navigation are sent as a shell around
 * a skeleton of the page (decision 0034), and the browser draws the page in it once its session and figures are in.
 */
const handler = createStaticHandler(routes);

// Each signed-in area's layout, with the skeleton wherever its pages go.
const shellHandlers = new Map<string, ReturnType<typeof createStaticHandler>>(
  (
    [
      ['main-member-area', MainMemberLayout],
      ['welcomeback-member-area', WelcomeBackMemberLayout],
      ['admin-area', AdminLayout],
    ] as Array<[string, ComponentType]>
  ).map(([id, Layout]) => [id, createStaticHandler([{ Component: Layout, children: [{ path: '*', Component: PageSkeleton }] }])]),
);

async function renderShell(request: Request, shell: ReturnType<typeof createStaticHandler>, site: Site, plans: CurrentPlans): Promise<RenderedPage> {
  const context = await shell.query(request);
  if (context instanceof Response || context.errors) return { kind: 'browser' };
  const html = renderToString(
    <PageRoot site={site} plans={plans}>
      <QueryClientProvider client={getQueryClient()}>
        <StaticRouterProvider router={createStaticRouter(shell.dataRoutes, context)} context={context} hydrate={false} />
      </QueryClientProvider>
    </PageRoot>,
  );
  return { kind: 'shell', root: html };
}

export async function renderPage(url: string, site: Site, data: PublicPageData, plans: CurrentPlans): Promise<RenderedPage> {
  const request = new Request(new URL(url, 'http://platform.local'));
  const matches = matchRoutes(routes, new URL(request.url).pathname) ?? [];
  const shell = shellHandlers.get(matches[1]?.route.id ?? '');
  if (shell) return renderShell(request, shell, site, plans);
  if (matches[0]?.route.id !== PUBLIC_ROUTE_ID) return { kind: 'browser' };

  // Loaders read the server's data through the request context; one that did marks the page (readsData).
  const reads = { used: false };
  const context = await handler.query(request, { requestContext: { data, reads } });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  if (context.errors) return { kind: 'browser' };

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <PageRoot site={site} plans={plans}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </PageRoot>,
  );
  // React puts the page's <title> and preload links first: they belong in the document's head.
  const [head] = /^(?:<title>[^<]*<\/title>|<link [^>]*\/>|<meta [^>]*\/>)*/.exec(html)!;
  const routerData = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
  const notFound = context.matches.at(-1)?.route.path === '*';
  return { kind: 'page', status: notFound ? 404 : context.statusCode, head, root: html.slice(head.length), routerData: jsonBlock(ROUTER_DATA_ID, routerData), usedData: reads.used };
}
