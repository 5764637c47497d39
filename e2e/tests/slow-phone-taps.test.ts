import type { Programme } from '@coop/core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from '../support/browser';
import { MEMBER_PASSWORD, sponsorWithTwoFriends } from '../support/members';

const baseURL = inject('baseURL');
const shots = process.env.E2E_SCREENSHOTS;

const paths = {
  main: {
    login: '/auth/login',
    dashboard: '/maindashboard',
    wallet: '/mainwallet',
    notes: '/mainnotifications',
  },
  welcomeback: {
    login: '/auth/loginwelc',
    dashboard: '/welcomebackdashboard',
    wallet: '/welcomebackwallet',
    notes: '/welcomebacknotifications',
  },
} as const;

/** The member's session cookies, as a sign-in sets them, for a browser context. */
async function signedInCookies(programme: Programme, email: string) {
  const login = await fetch(`${baseURL}/api${paths[programme].login}`, {
    method: 'POST',
    // From an address of its own, as each person is (the platform trusts the test's proxy header; e2e/support).
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(process.pid & 63) + 128}.0.${programme === 'main' ? 1 : 2}`,
    },
    body: JSON.stringify({ email, password: MEMBER_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair!.indexOf('=');
    const attribute = (name: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(name))?.split('=')[1] ?? undefined;
    const sameSite = attribute('samesite');
    return {
      name: pair!.slice(0, at),
      value: pair!.slice(at + 1),
      domain: new URL(baseURL).hostname,
      path: attribute('path') ?? '/',
      httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
      secure: false,
      sameSite: (sameSite ? sameSite[0]!.toUpperCase() + sameSite.slice(1).toLowerCase() : 'Lax') as
        'Strict' | 'Lax' | 'None',
    };
  });
}

/**
 * A cheap phone on a slow network (issue 38): 400 kbit/s each way with 400 ms of latency, the CPU slowed 4x, 360 px.
 * Throttled through Chromium's DevTools protocol, as Lighthouse's "slow 4G, mid-tier phone" does.
 */
async function slowPhone(browser: Browser, programme: Programme, email: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
  await context.addCookies(await signedInCookies(programme, email));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** Opens the page and waits until 3 s after the navigation started: the member's thumb arrives then. */
async function openAndWait(page: Page, path: string) {
  const started = Date.now();
  await page.goto(baseURL + path, { waitUntil: 'commit' });
  await page.waitForTimeout(Math.max(0, started + 3000 - Date.now()));
  return started;
}

/** How long from a tap until `result` shows. */
async function tapAndSee(target: Locator, result: Locator) {
  const tapped = Date.now();
  await target.tap();
  await result.waitFor();
  return Date.now() - tapped;
}

/** The menu: tapped, the drawer slides in over the page (before the script runs, its :target style does it). */
async function tapMenu(page: Page) {
  const drawer = page.locator('#member-sidebar');
  const tapped = Date.now();
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect.poll(async () => (await drawer.boundingBox())?.x, { interval: 50 }).toBe(0);
  const took = Date.now() - tapped;
  await expect(drawer.getByRole('link', { name: 'Wallet History' }).isVisible()).resolves.toBe(true);
  return took;
}

describe('a cheap phone on a slow network: taps answered 3 s after navigation starts (issue 38, decision 0053)', () => {
  let browser: Browser;
  const members = {} as Record<Programme, string>;
  const timings: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    for (const programme of ['main', 'welcomeback'] as const) {
      const { sponsor } = await sponsorWithTwoFriends(baseURL, programme, [
        `Slow ${programme === 'main' ? 'Mainphone' : 'Wbphone'}`,
        'Femi Firstfriend',
        'Gbenga Secondfriend',
      ]);
      members[programme] = sponsor.email;
    }
  });
  afterAll(async () => {
    console.info(`Slow phone (400 kbit/s, 400 ms, CPU 4x, 360 px):\n${timings.join('\n')}`);
    await browser?.close();
  });

  for (const programme of ['main', 'welcomeback'] as const) {
    it(`${programme}: the dashboard, the wallet and the notifications answer the menu and a filter`, async () => {
      let context: BrowserContext | undefined;
      try {
        const slow = await slowPhone(browser, programme, members[programme]);
        context = slow.context;
        const { page } = slow;
        const problems = watchPage(page);
        const at = paths[programme];
        const running = () =>
          page.evaluate(() => document.documentElement.hasAttribute('data-running')).catch(() => false);

        // The dashboard (it has no filter): its figures are there, the menu opens, and its Wallet History link goes.
        let started = await openAndWait(page, at.dashboard);
        // Waited for, not asserted at 3 s: on a loaded machine the slowed page can draw a moment later, and the
        // time it showed is printed with the others (a figure, not a timed assertion).
        await page.getByText('Wallet Summary').waitFor();
        const dashboardShown = Date.now() - started;
        const scriptRan = await running();
        const menu = await tapMenu(page);
        if (shots) await page.screenshot({ path: `${shots}/${programme}-dashboard-menu-360.png` });
        const toWallet = await tapAndSee(
          page.locator('#member-sidebar').getByRole('link', { name: 'Wallet History' }),
          page.getByRole('heading', { level: 1, name: 'Wallet History' }),
        );
        timings.push(
          `${programme} dashboard: figures seen ${dashboardShown} ms after navigation (looked for at 3 s); script running at 3 s: ${scriptRan}; menu ${menu} ms; its Wallet History ${toWallet} ms (${Date.now() - started} ms from navigation)`,
        );

        // The wallet: a filter (a form that asks again with ?kind=) shows only those lines, then the menu.
        started = await openAndWait(page, at.wallet);
        const walletRan = await running();
        const lines = page.getByTestId('wallet-entry');
        const filtered = await tapAndSee(
          page.getByRole('button', { name: 'Referral bonuses' }),
          page.locator('button[aria-pressed="true"]', { hasText: 'Referral bonuses' }),
        );
        await expect.poll(() => lines.count()).toBe(2);
        expect(
          new Set(await lines.evaluateAll((all) => all.map((l) => l.getAttribute('data-kind')))),
        ).toEqual(new Set(['referral']));
        expect(page.url()).toContain('kind=referral');
        const walletMenu = await tapMenu(page);
        if (shots) await page.screenshot({ path: `${shots}/${programme}-wallet-filtered-menu-360.png` });
        timings.push(
          `${programme} wallet: script running at 3 s: ${walletRan}; filter ${filtered} ms; menu ${walletMenu} ms (${Date.now() - started} ms from navigation)`,
        );

        // The notifications, drawn by the server with the page: the Unread filter, then the menu.
        started = await openAndWait(page, at.notes);
        const notesRan = await running();
        await page.getByTestId('notifications-list').locator('li').first().waitFor();
        const notesShown = Date.now() - started;
        const unread = await tapAndSee(
          page.getByRole('button', { name: 'Unread' }),
          page.locator('button[aria-pressed="true"]', { hasText: 'Unread' }),
        );
        expect(page.url()).toContain('show=unread');
        const notesMenu = await tapMenu(page);
        if (shots) await page.screenshot({ path: `${shots}/${programme}-notifications-menu-360.png` });
        timings.push(
          `${programme} notifications: list seen ${notesShown} ms after navigation (looked for at 3 s); script running at 3 s: ${notesRan}; filter ${unread} ms; menu ${notesMenu} ms (${Date.now() - started} ms from navigation)`,
        );

        // When React has taken the page over (until decision 0053, the first moment a tap was answered): once is enough.
        if (programme === 'main') {
          started = Date.now();
          await page.goto(baseURL + at.dashboard, { waitUntil: 'commit' });
          await page.getByText('Wallet Summary').waitFor();
          const drawn = Date.now() - started;
          await page.locator('html[data-running]').waitFor({ state: 'attached', timeout: 30_000 });
          timings.push(`${programme} dashboard: drawn ${drawn} ms, React running ${Date.now() - started} ms`);
        }

        // Each tap answered within 3 s of the tap, on the slow settings.
        for (const took of [menu, toWallet, filtered, walletMenu, unread, notesMenu])
          expect(took).toBeLessThan(3000);
        expect(problems).toEqual([]);
      } finally {
        await context?.close();
      }
    });
  }
});
