import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ADMIN, signInOnAdminPage } from '../support/admins';
import { launchBrowser, toastSays } from '../support/browser';
import { MEMBER_PASSWORD, signInOnMainPage, sponsorWithTwoFriends } from '../support/members';
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
];

async function violations(page: Page, path: string) {
  const found: string[] = [];
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    // The layout's sidebar slides on a resize; let it settle before the rules look.
    await page.waitForTimeout(250);
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

async function sweep(page: Page, paths: readonly string[], base: string) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(base + path);
    await page.locator('html[data-running]').waitFor({ state: 'attached' });
    await page.locator('#boot-loader').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The page's first reads: no skeleton left (a screen is judged as the member sees it).
    await page.waitForLoadState('networkidle');
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
    const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: axe.source });
    return context.newPage();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => browser?.close());

  it('the public pages', async () => {
    const page = await newPage();
    expect(await sweep(page, [...new Set(routes.map((r) => r.path))], baseURL)).toEqual([]);
  }, 120_000);

  it('the Main member area', async () => {
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main', ['Ada Axe', 'Bola Axe', 'Chidi Axe']);
    const page = await newPage();
    await signInOnMainPage(page, baseURL, sponsor.email);
    expect(await sweep(page, memberScreens('main'), baseURL)).toEqual([]);
  }, 180_000);

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
    expect(await sweep(page, memberScreens('welcomeback'), baseURL)).toEqual([]);
  }, 180_000);

  it('the admin area', async () => {
    const page = await newPage();
    await signInOnAdminPage(page, baseURL, DEMO_ADMIN);
    expect(await sweep(page, adminScreens, baseURL)).toEqual([]);
  }, 180_000);
});
