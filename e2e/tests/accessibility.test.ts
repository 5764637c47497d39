import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, approveAsChecker, DEMO_ADMIN, signInOnAdminPage } from '../support/admins';
import { launchBrowser, toastSays } from '../support/browser';
import {
  api,
  MEMBER_PASSWORD,
  pay,
  signIn,
  signInOnMainPage,
  signUpAndConfirm,
  sponsorWithTwoFriends,
} from '../support/members';
import { routes } from '../support/public-routes';

/**
 * axe-core over every screen of the public site, both member areas and the admin area, at 1280 and 360 px, under
 * the WCAG 2.2 A and AA rules (issue 38): 0 violations. One browser, one page per area reused screen to screen,
 * axe loaded into each document by the context, so the sweep stays short.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const memberScreens = (prefix: string) =>
  [
    'dashboard',
    'bankdetails',
    'updatepassword',
    'referralcode',
    'wallet',
    'matrix',
    'awards',
    'grant',
    'close',
    'notifications',
    'mailsettings',
    'data',
    'plan',
  ].map((screen) => `/${prefix}${screen}`);
/** A screen, and when the one judged is not the first state its heading shows, the heading it must reach. */
type Screen = string | { path: string; heading: string };
const adminScreens = [
  '/admindashboard',
  '/mainuser',
  '/welcomebackuser',
  '/makeadmin',
  '/mainadmincashout',
  '/welcomebackadmincashout',
  '/adminpayouts',
  '/admingrants',
  '/adminawards',
  '/adminmessages',
  '/adminaudit',
  '/adminledger',
  '/adminexports',
  '/adminapprovals',
  '/adminsecurity',
  '/adminflags',
  '/admindisputes',
  '/admininactive',
  '/adminmails',
  '/adminpersonaldata',
  '/adminprivacyregisters',
  '/adminplansimulate',
  '/adminincomedisclosure',
  '/adminplans',
  '/adminsettlements',
];

/**
 * Whether the page's reads have arrived: no page skeleton and no "Loading ..." left (a screen is judged as the
 * person sees it once it has its data). Polled in the page, so no fixed wait nor network idle is spent.
 */
const loaded = () =>
  !document.querySelector('[aria-label="Loading this page"]') &&
  !/Loading[^\n.…]*(\.\.\.|…)/.test(document.body.innerText);

async function violations(page: Page, path: string) {
  const found: string[] = [];
  // Both widths, the current one first (one resize a screen). The context asks for reduced motion, which the
  // sidebars honour (motion-reduce:transition-none): a resize lays the page out at once, with nothing sliding.
  const current = page.viewportSize()?.width ?? 1280;
  for (const width of current === 360 ? [360, 1280] : [1280, 360]) {
    if (width !== current) await page.setViewportSize({ width, height: 900 });
    const result = await page.evaluate(
      (tags) =>
        window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
      TAGS,
    );
    for (const v of result.violations)
      found.push(
        `${path} @${width}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      );
  }
  return found;
}

async function sweep(page: Page, screens: readonly Screen[], base: string) {
  const found: string[] = [];
  for (const screen of screens) {
    const { path, heading } = typeof screen === 'string' ? { path: screen, heading: undefined } : screen;
    await page.goto(base + path);
    await page.locator('html[data-running]').waitFor({ state: 'attached' });
    await page.locator('#boot-loader').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
    await page.waitForFunction(loaded);
    found.push(...(await violations(page, path)));
  }
  return found;
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

describe('accessibility: axe-core, WCAG 2.2 A and AA, every screen at 1280 and 360 px', () => {
  const baseURL = inject('baseURL');
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const newPage = async () => {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    await context.addInitScript({ content: axe.source });
    return context.newPage();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('the public pages', async () => {
    const page = await newPage();
    expect(await sweep(page, [...new Set(routes.map((r) => r.path))], baseURL)).toEqual([]);
  }, 120_000);

  it('the Main member area', async () => {
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main', ['Ada Axe', 'Bola Axe', 'Chidi Axe']);
    const page = await newPage();
    await signInOnMainPage(page, baseURL, sponsor.email);
    expect(await sweep(page, [...memberScreens('main'), '/mainpaystack'], baseURL)).toEqual([]);
  }, 180_000);

  it('the payment page before paying, and the closure link of the mail', async () => {
    const unpaid = await signUpAndConfirm(baseURL, 'main', 'Gbemi Axe-Unpaid');
    const page = await newPage();
    await signInOnMainPage(page, baseURL, unpaid);
    // Closing asks for a confirmation by mail; its link opens a public page that confirms it.
    const { token } = await signIn(baseURL, 'main', unpaid);
    await api(baseURL, '/api/me/close', { method: 'POST', token });
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      const mails = await api<{ links: string[] }[]>(
        baseURL,
        `/api/dev/mail?to=${encodeURIComponent(unpaid)}`,
      );
      link = mails.flatMap((m) => m.links).find((l) => l.includes('/confirmclosure?token='));
    }
    expect(link).toBeDefined();
    const closure = new URL(link!);
    expect(
      await sweep(
        page,
        [
          { path: '/mainpaystack', heading: 'Make Payment' },
          { path: '/confirmclosure', heading: 'This link does not work' },
          { path: closure.pathname + closure.search, heading: 'Closure confirmed' },
        ],
        baseURL,
      ),
    ).toEqual([]);
  }, 120_000);

  it('the Welcome Back member area', async () => {
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'welcomeback', [
      'Dayo Axe',
      'Efe Axe',
      'Femi Axe',
    ]);
    const page = await newPage();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${baseURL}/welcomebacksignin`);
    await page.locator('html[data-running]').waitFor({ state: 'attached' });
    await page.getByLabel('Email').fill(sponsor.email);
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await toastSays(page, 'Successful!');
    await page.waitForURL('**/welcomebackdashboard');
    // The sign-in's confirmation (issue 38): a toast over the dashboard, no popup waiting for a tap.
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/signin-confirmation-360.png` });
    expect(await sweep(page, [...memberScreens('welcomeback'), '/welcomepaystack'], baseURL)).toEqual([]);
  }, 180_000);

  it('the admin area', async () => {
    const page = await newPage();
    await signInOnAdminPage(page, baseURL, DEMO_ADMIN);
    expect(await sweep(page, [...adminScreens, ...(await screensWithIds())], baseURL)).toEqual([]);
  }, 180_000);

  /** The admin screens whose address names a record: a paid member, their payment, a payout run, an approval, a plan version, a settlement. */
  async function screensWithIds(): Promise<Screen[]> {
    const token = await adminToken(baseURL, DEMO_ADMIN);
    const email = await signUpAndConfirm(baseURL, 'main', 'Gozie Axe-Record');
    const reference = await pay(baseURL, 'main', email, (await signIn(baseURL, 'main', email)).token);
    const found = await api<{ mainUsers: { id: string; email: string }[] }>(
      baseURL,
      `/api/admin/viewMainUser?search=${encodeURIComponent(email)}`,
      { token },
    );
    const memberId = found.mainUsers.find((m) => m.email === email)!.id;
    // A run of a Welcome Back month before any other test's (months are paid in order): an earlier month run
    // later would be refused. When a run is there already, that one is judged.
    const runsPath = '/api/admin/payouts/runs?programme=welcomeback';
    let runs = await api<{ items: { id: number }[] }>(baseURL, runsPath, { token });
    if (runs.items.length === 0) {
      const asked = await api<{ approval: { id: number } }>(baseURL, '/api/admin/payouts/run', {
        method: 'POST',
        token,
        body: { programme: 'welcomeback', period: '2019-01', mode: 'csv' },
      });
      await approveAsChecker(baseURL, 'payout_run', (a) => a.id === asked.approval.id);
      runs = await api(baseURL, runsPath, { token });
    }
    const approvals = await api<{ items: { id: number }[] }>(baseURL, '/api/admin/approvals?pageSize=1', {
      token,
    });
    const plans = await api<{ items: { id: number }[] }>(baseURL, '/api/admin/plans/main', { token });
    // A settlement holding the payment above: the sandbox settles now, the platform fetches it.
    await fetch(`${baseURL}/sandbox/paystack/checkout/records/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await api(baseURL, '/api/admin/settlements/fetch', { method: 'POST', token });
    const settlements = await api<{ items: { id: number }[] }>(baseURL, '/api/admin/settlements?pageSize=1', {
      token,
    });
    return [
      `/adminmember/${memberId}`,
      `/adminrefund/${reference}`,
      `/adminpayouts/${runs.items[0]!.id}`,
      `/adminapprovals/${approvals.items[0]!.id}`,
      `/adminplans/main/${plans.items[0]!.id}`,
      '/adminplans/main/new',
      `/adminsettlements/${settlements.items[0]!.id}`,
    ];
  }
});
