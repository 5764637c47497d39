import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Programme } from '@coop/core';
import {
  jsonBlock,
  PLANS_DATA_ID,
  SITE_DATA_ID,
  TIME_ZONE_COOKIE,
  type CurrentPlans,
  type PageRenderer,
  type RenderedPage,
  type SessionUser,
} from '@coop/core/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { currentPlansReader, plansKey } from '../lib/current-plans';
import { publicSite } from '../lib/public-site';

export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** The client's server renderer (apps/web/src/entry-server.tsx, built beside the client by its build). */
const webRenderer = fileURLToPath(new URL('../../../web/dist-server/entry-server.js', import.meta.url));

/**
 * The built page with the server's parts filled in. The loading image (spec: until the page has fully loaded)
 * covers the screen only when there is nothing to show yet; over a page the server rendered it is a small badge.
 */
function fillTemplate(
  template: string,
  page: { head: string; root: string; data: string; rendered: boolean },
) {
  const withHead = page.head.includes('<title>') ? template.replace(/<title>[^<]*<\/title>/, '') : template;
  return withHead
    .replace('</head>', () => `${page.head}</head>`)
    .replace(
      '<div id="boot-loader"',
      page.rendered ? '<div id="boot-loader" data-over-page' : '<div id="boot-loader"',
    )
    .replace('<!--page-root-->', () => page.root)
    .replace('<!--page-data-->', () => page.data);
}

/** Whom a member page is drawn for, and a token for the server's own reads of their data (never sent to the browser). */
export interface PageSession {
  user: SessionUser;
  token: string;
}
/** The member whose live session the request names; null: nobody (the shell is sent). */
export type PageSessionReader = (
  request: FastifyRequest,
  programme: Programme,
) => Promise<PageSession | null>;

type PageAnswer =
  { kind: 'html'; status: number; html: string } | Extract<RenderedPage, { kind: 'redirect' }>;

/**
 * Serves the built client. Public pages are rendered here (entry-server.tsx) and sent finished; every other path
 * that is not an API or sandbox call gets the client's page, with the site's identity written in, for the
 * browser to render.
 */
export async function webClientPlugin(
  app: FastifyInstance,
  options: { pageSession?: PageSessionReader; publishedPlans: () => Promise<CurrentPlans> },
) {
  const hasClient = existsSync(path.join(webDist, 'index.html'));
  // This plugin is its own scope, so only the client's pages are compressed: API answers are small, and
  // compressing answers that carry tokens next to what a person typed would open them to length-guessing (BREACH).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each script and stylesheet (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so assets may be cached for good; other files never.
        const value = filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
        // sendFile hands in Fastify's reply, the static routes Node's response: both can set a header.
        const target = res as unknown as {
          setHeader?: (n: string, v: string) => void;
          header?: (n: string, v: string) => void;
        };
        if (target.setHeader) target.setHeader('cache-control', value);
        else target.header?.('cache-control', value);
      },
    });
  }
  const template = hasClient ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  const site = publicSite(app.config);
  const siteData = jsonBlock(SITE_DATA_ID, site);
  let renderer: Promise<PageRenderer> | undefined;
  // Loaded on the first page asked for, so API-only uses (tests, scripts) never pay for it.
  const loadRenderer = () => (renderer ??= import(pathToFileURL(webRenderer).href) as Promise<PageRenderer>);

  const sendHtml = (reply: FastifyReply, status: number, html: string, cacheControl = 'no-cache') =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(html);

  const notFound = (reply: FastifyReply) => reply.status(404).send({ message: 'Not found' });
  app.setNotFoundHandler((_request, reply) => notFound(reply));

  // A public page, and a signed-in page's shell, depend only on the address, the site's settings and the current plan
  // versions, so each answer is kept for ten minutes under those versions: rendering React on every visit cost the plan
  // page 400 req/s (decision 0015), and a newly published version is a new key. A page that read the database (the
  // income disclosure) is kept for a minute, so publishing shows soon.
  const plansNow = currentPlansReader(options.publishedPlans);
  const pageData = (plans: CurrentPlans) => siteData + jsonBlock(PLANS_DATA_ID, plans);
  // Bounded by size too: any address can be asked for, and each unknown one is a 404 page of its own.
  const answers = new LRUCache<string, PageAnswer>({
    max: 500,
    maxSize: 20 * 1024 * 1024,
    sizeCalculation: (a) => (a.kind === 'html' ? a.html.length : 100),
    ttl: 10 * 60_000,
  });
  // The page the browser renders itself (signed-in areas, or a failed server render): the same for every address.
  const browserRendered = (plans: CurrentPlans): PageAnswer => ({
    kind: 'html',
    status: 200,
    html: fillTemplate(template, { head: '', root: '', data: pageData(plans), rendered: false }),
  });
  const answerFor = async (url: string, log: FastifyBaseLogger): Promise<PageAnswer> => {
    const plans = await plansNow();
    const key = `${plansKey(plans)} ${url}`;
    const kept = answers.get(key);
    if (kept) return kept;
    let page: RenderedPage;
    try {
      page = await (await loadRenderer()).renderPage(url, site, app.publicPageData, plans);
    } catch (error) {
      // The browser can still render the page itself: send it that way, keep the failure in the log, keep nothing.
      log.error(
        { err: error },
        'Rendering a public page on the server failed; the browser renders it instead',
      );
      return browserRendered(plans);
    }
    const answer: PageAnswer =
      page.kind === 'redirect'
        ? page
        : page.kind === 'browser'
          ? browserRendered(plans)
          : page.kind === 'shell' || page.kind === 'signed-in'
            ? {
                kind: 'html',
                status: 200,
                html: fillTemplate(template, {
                  head: '',
                  root: page.root,
                  data: pageData(plans),
                  rendered: true,
                }),
              }
            : {
                kind: 'html',
                status: page.status,
                html: fillTemplate(template, {
                  head: page.head,
                  root: page.root,
                  data: pageData(plans) + page.routerData,
                  rendered: true,
                }),
              };
    answers.set(key, answer, page.kind === 'page' && page.usedData ? { ttl: 60_000 } : undefined);
    return answer;
  };

  /**
   * A member's page drawn with their data, when the page cookie names their live session (decision 0037): its first
   * reads are made through the API itself with the member's own access, so the page shows exactly what the API would
   * answer them, and a read the API refuses leaves the member the shell. Never kept, and never cached by anyone.
   */
  const signedInAnswer = async (request: FastifyRequest): Promise<string | null> => {
    if (!options.pageSession) return null;
    const renderer = await loadRenderer();
    const wanted = renderer.signedInPage(request.url);
    if (!wanted) return null;
    const session = await options.pageSession(request, wanted.programme);
    if (!session) return null;
    const replies = await Promise.all(
      wanted.reads.map((read) =>
        app.inject({
          method: 'GET',
          url: `/api${read.path}`,
          headers: { authorization: `Bearer ${session.token}` },
          remoteAddress: request.ip,
        }),
      ),
    );
    const refused = replies.find((reply) => reply.statusCode !== 200);
    if (refused) {
      request.log.warn(
        { status: refused.statusCode },
        "A member page's first read was refused; the page's shell is sent instead",
      );
      return null;
    }
    const plans = await plansNow();
    const answers = wanted.reads.map((read, i) => ({ key: read.key, data: replies[i]!.json() as unknown }));
    const page = await renderer.renderSignedIn(request.url, site, plans, {
      user: session.user,
      answers,
      timeZone: request.cookies[TIME_ZONE_COOKIE],
    });
    if (page.kind !== 'signed-in') return null;
    return fillTemplate(template, {
      head: page.head,
      root: page.root,
      data: pageData(plans) + page.queryData,
      rendered: true,
    });
  };

  // A route rather than the not-found handler, so the compression hooks apply to the pages.
  app.get('/*', async (request, reply) => {
    const url = request.url;
    // Unknown API and sandbox calls, and missing files (an old asset name, a typo) are a plain 404.
    if (
      !hasClient ||
      url.startsWith('/api') ||
      url.startsWith('/sandbox') ||
      /\.[a-z0-9]+$/i.test(url.split('?')[0]!)
    )
      return notFound(reply);
    const signedIn = await signedInAnswer(request).catch((error: unknown) => {
      request.log.error(
        { err: error },
        "Drawing a member's page with their data failed; the page's shell is sent instead",
      );
      return null;
    });
    if (signedIn) return sendHtml(reply, 200, signedIn, 'private, no-store');
    const answer = await answerFor(url, request.log);
    if (answer.kind === 'redirect') return reply.redirect(answer.location, answer.status);
    return sendHtml(reply, answer.status, answer.html);
  });
}
