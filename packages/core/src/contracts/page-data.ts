import type { Plan, Programme } from '../plan/types';
import type { PublishedIncomeDisclosures } from './income-disclosure';
import type { Site } from './site';

/**
 * Data the server writes into each page as JSON blocks: the site's identity on every page, and React Router's
 * state on pages rendered ahead. JSON blocks are not scripts, so the Content-Security-Policy (script-src 'self')
 * stays strict.
 */
export const SITE_DATA_ID = 'site-data';
export const ROUTER_DATA_ID = 'router-data';
/** The plan version of each programme that new positions join under now (the public stage tables and fees). */
export const PLANS_DATA_ID = 'plans-data';
export type CurrentPlans = Readonly<Record<Programme, Plan>>;

/** `<` is escaped so no value, however it is spelled, can close the block. */
export const jsonBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** What the client's server renderer (apps/web/src/entry-server.tsx) answers for one address. */
export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  /** `usedData`: the page read the database (PublicPageData), so the server keeps it only briefly. */
  | { kind: 'page'; status: number; head: string; root: string; routerData: string; usedData?: boolean }
  /** A signed-in page's layout and navigation around a skeleton: the browser renders the page itself in it. */
  | { kind: 'shell'; root: string }
  | { kind: 'browser' };

/**
 * What a public page may read while the server renders it, filled by the modules that own the data (the browser
 * asks the API for the same on a later visit within the page).
 */
export interface PublicPageData {
  incomeDisclosures?: () => Promise<PublishedIncomeDisclosures>;
}

export interface PageRenderer {
  /** `url` is the path and query the browser asked for. */
  renderPage(url: string, site: Site, data: PublicPageData, plans: CurrentPlans): Promise<RenderedPage>;
}
