import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import type { Programme } from '@coop/core';
import {
  jsonBlock,
  QUERY_DATA_ID,
  ROUTER_DATA_ID,
  type CurrentPlans,
  type PublicPageData,
  type RenderedPage,
  type SignedInData,
  type SignedInPage,
} from '@coop/core/contracts';
import { PUBLIC_ROUTE_ID, routes } from './app/routes';
import type { MemberPageHandle } from './app/routes/member';
import { drawDatesIn, MEMBERS_TIME_ZONE } from './components/display/format';
import { ServerSessionContext } from './components/session/use-session';
import { firstReadsOf } from './features/member/first-reads';
import { PageRoot } from './app/page-root';
import { PageSkeleton } from './components/display/page-skeleton';
import { AdminLayout } from './features/admin/common/components/admin-layout';
import { MainMemberLayout, WelcomeBackMemberLayout } from './features/member/pages/member-area-layouts';
import { getQueryClient } from './lib/query-client';
import type { Site } from './lib/site-context';

/**
 * The server's renderer (built by `vite build --ssr`, used by apps/server/src/plugins/web-client.ts). Public
 * pages are sent as finished HTML, so a phone on a slow network reads the page before any script arrives. A member's
 * page is drawn with their data when the server knows the member (decision 0037); otherwise, and for the admin area,
 * the area's layout and navigation are sent as a shell around a skeleton of the page (decision 0034), and the browser
 * draws the page in it once its session and figures are in.
 */
const handler = createStaticHandler(routes);

// Each signed-in area's layout; the member areas' pages may also be drawn with their member's data (decision 0037).
const areas: Array<{ id: string; Layout: ComponentType; programme?: Programme }> = [
  { id: 'main-member-area', Layout: MainMemberLayout, programme: 'main' },
  { id: 'welcomeback-member-area', Layout: WelcomeBackMemberLayout, programme: 'welcomeback' },
  { id: 'admin-area', Layout: AdminLayout },
];

// Each area's shell: its layout, with the skeleton wherever its pages go.
const shellHandlers = new Map(
  areas.map(({ id, Layout }) => [
    id,
    createStaticHandler([{ Component: Layout, children: [{ path: '*', Component: PageSkeleton }] }]),
  ]),
);

// The member areas, by their route's id.
const memberAreas = new Map(
  areas.flatMap(({ id, Layout, programme }) => (programme ? [[id, { programme, Layout }] as const] : [])),
);

/** React puts the page's <title> and preload links first: they belong in the document's head. */
function splitHead(html: string): [head: string, root: string] {
  const [head] = /^(?:<title>[^<]*<\/title>|<link [^>]*\/>|<meta [^>]*\/>)*/.exec(html)!;
  return [head, html.slice(head.length)];
}

const requestOf = (url: string) => new Request(new URL(url, 'http://platform.local'));

// Every page request asks whether it is a member page, and matchRoutes ranks the whole route table on each call (about a
// millisecond, 15 times a kept public page's cost): the member pages are listed once by path (paths match in any case).
const memberPages = new Map(
  routes
    .flatMap((route) => route.children ?? [])
    .flatMap((area) => {
      const found = memberAreas.get(area.id ?? '');
      return found
        ? (area.children ?? []).map(
            (page) => [`/${page.path ?? ''}`.toLowerCase(), { ...found, page }] as const,
          )
        : [];
    }),
);

/** The member area and page at this address, when it is one. */
function memberPageAt(url: string) {
  const address = new URL(url, 'http://platform.local');
  const at = memberPages.get(address.pathname.replace(/(?<=.)\/+$/, '').toLowerCase());
  const handle = at?.page.handle as MemberPageHandle | undefined;
  return at && handle ? { ...at, handle, address } : null;
}

/** The reader's zone when it is one Intl knows (the cookie is the browser's word, not trusted); otherwise Lagos. */
function knownZone(timeZone: string | undefined): string {
  if (!timeZone) return MEMBERS_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat('en-NG', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return MEMBERS_TIME_ZONE;
  }
}

export function signedInPage(url: string): SignedInPage | null {
  const at = memberPageAt(url);
  return at
    ? { programme: at.programme, reads: firstReadsOf(at.programme, at.handle.memberPage, at.address) }
    : null;
}

// Each member page's layout and page, made once (the page's code loads with the first visit to it).
const memberPageHandlers = new Map<RouteObject, Promise<ReturnType<typeof createStaticHandler>>>();
function memberPageHandler({ page, Layout }: { page: RouteObject; Layout: ComponentType }) {
  let handler = memberPageHandlers.get(page);
  if (!handler) {
    handler = (page.lazy as () => Promise<{ Component: ComponentType }>)().then(
      ({ Component }) => createStaticHandler([{ Component: Layout, children: [{ path: '*', Component }] }]),
      (error: unknown) => {
        // A page whose code did not load is tried again on its next visit.
        memberPageHandlers.delete(page);
        throw error;
      },
    );
    memberPageHandlers.set(page, handler);
  }
  return handler;
}

/**
 * A member's page drawn with their data (decision 0037): the area's layout with the member's name and figures, and the
 * page itself from its first reads, which the server made with the member's session, its dates in the reader's zone.
 * The browser's data cache starts from the same answers, and it takes this page over (hydrates it) once its session is
 * renewed, asking for none of them again.
 */
export async function renderSignedIn(
  url: string,
  site: Site,
  plans: CurrentPlans,
  data: SignedInData,
): Promise<RenderedPage> {
  const at = memberPageAt(url);
  if (!at) return { kind: 'browser' };
  const handler = await memberPageHandler(at);
  const context = await handler.query(requestOf(url));
  if (context instanceof Response || context.errors) return { kind: 'browser' };
  const client = getQueryClient();
  for (const answer of data.answers) client.setQueryData(answer.key, answer.data);
  const html = drawDatesIn(knownZone(data.timeZone), () =>
    renderToString(
      <PageRoot site={site} plans={plans}>
        <QueryClientProvider client={client}>
          <ServerSessionContext.Provider value={{ area: at.programme, user: data.user }}>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </ServerSessionContext.Provider>
        </QueryClientProvider>
      </PageRoot>,
    ),
  );
  const [head, root] = splitHead(html);
  return { kind: 'signed-in', head, root, queryData: jsonBlock(QUERY_DATA_ID, dehydrate(client)) };
}

async function renderShell(
  request: Request,
  shell: ReturnType<typeof createStaticHandler>,
  site: Site,
  plans: CurrentPlans,
): Promise<RenderedPage> {
  const context = await shell.query(request);
  if (context instanceof Response || context.errors) return { kind: 'browser' };
  const html = renderToString(
    <PageRoot site={site} plans={plans}>
      <QueryClientProvider client={getQueryClient()}>
        <StaticRouterProvider
          router={createStaticRouter(shell.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </QueryClientProvider>
    </PageRoot>,
  );
  return { kind: 'shell', root: html };
}

export async function renderPage(
  url: string,
  site: Site,
  data: PublicPageData,
  plans: CurrentPlans,
): Promise<RenderedPage> {
  const request = requestOf(url);
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
  const [head, root] = splitHead(html);
  const routerData = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
  const notFound = context.matches.at(-1)?.route.path === '*';
  return {
    kind: 'page',
    status: notFound ? 404 : context.statusCode,
    head,
    root,
    routerData: jsonBlock(ROUTER_DATA_ID, routerData),
    usedData: reads.used,
  };
}
