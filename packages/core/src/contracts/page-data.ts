import type { Plan, Programme } from '../plan/types';
import type { PublishedIncomeDisclosures } from './income-disclosure';
import type { PublishedPlan } from './plans';
import type { SessionUser } from './auth';
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
/** A signed-in page's first reads as the server made them: the browser's data cache starts from them. */
export const QUERY_DATA_ID = 'query-data';

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
  /** A member's page drawn with their data (private: never kept, never cached); `queryData` seeds the browser's cache. */
  | { kind: 'signed-in'; head: string; root: string; queryData: string }
  | { kind: 'browser' };

/** An API read a signed-in page shows first: its key in the browser's data cache and its path after /api. */
export interface FirstRead {
  key: readonly unknown[];
  path: string;
}

/** A member page the server can draw with its member's data: whose session it needs and what it reads first. */
export interface SignedInPage {
  programme: Programme;
  reads: FirstRead[];
}

/** What the server read for a signed-in page: the member (for the greeting), each first read's answer, and the reader's
 * time zone as their browser last told it (the page's `tz` cookie; unchecked). */
export interface SignedInData {
  user: SessionUser;
  answers: Array<{ key: readonly unknown[]; data: unknown }>;
  timeZone?: string;
}
/** The cookie in which the browser tells the server its time zone, for the dates of the pages the server draws. */
export const TIME_ZONE_COOKIE = 'tz';

/**
 * What a public page may read while the server renders it, filled by the modules that own the data (the browser
 * asks the API for the same on a later visit within the page).
 */
export interface PublicPageData {
  incomeDisclosures?: () => Promise<PublishedIncomeDisclosures>;
  /** A published version of a programme's plan (its terms' page, decision 0060); null when there is none. */
  planVersion?: (programme: Programme, version: number) => Promise<PublishedPlan | null>;
}

export interface PageRenderer {
  /** `url` is the path and query the browser asked for. */
  renderPage(url: string, site: Site, data: PublicPageData, plans: CurrentPlans): Promise<RenderedPage>;
  /** The member page at this address whose data the server may read for it, or null (public, admin, unknown). */
  signedInPage(url: string): SignedInPage | null;
  /** That page drawn with what the server read for it. */
  renderSignedIn(url: string, site: Site, plans: CurrentPlans, data: SignedInData): Promise<RenderedPage>;
}
