import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, watchPage } from '../support/browser';
import { aliases, routes } from '../support/public-routes';

const baseURL = inject('baseURL');
const page = async (path: string) => {
  const res = await fetch(baseURL + path, { redirect: 'manual', headers: { 'accept-encoding': 'br, gzip' } });
  return { res, html: await res.text() };
};
/** The text a person sees, roughly: tags dropped, entities of the pages' own text decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('public pages rendered by the server', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('sends every public page as finished HTML, compressed, with its title, heading and content, and the loading image as a small badge', async () => {
    for (const route of routes) {
      const { res, html } = await page(route.path);
      expect(res.status, route.path).toBe(route.path === '/no-such-page' ? 404 : 200);
      expect(res.headers.get('content-encoding'), route.path).toBe('br');
      const root =
        /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="site-data">/.exec(
          html,
        )?.[1] ?? '';
      const text = visibleText(root);
      if (typeof route.heading === 'string') expect(text, route.path).toContain(route.heading);
      else expect(text, route.path).toMatch(route.heading);
      for (const piece of route.content) {
        if (typeof piece === 'string') expect(text, `${route.path}: ${piece}`).toContain(piece);
        else expect(text, route.path).toMatch(piece);
      }
      expect(html, route.path).toContain('<div id="boot-loader" data-over-page');
      expect(html.match(/<title>/g), route.path).toHaveLength(1);
      expect(/<head>[\s\S]*<title>([^<]*)<\/title>[\s\S]*<\/head>/.exec(html)?.[1], route.path).toMatch(
        / \| /,
      );
      expect(html, route.path).toContain('<script type="application/json" id="router-data">');
    }
  });

  it('redirects the other spellings on the server, keeping the query', async () => {
    for (const [from, to] of aliases) {
      const { res } = await page(`${from}?ref=ABC123`);
      expect(res.status, from).toBe(302);
      expect(res.headers.get('location'), from).toBe(`${to}?ref=ABC123`);
    }
  });

  it('fills a share link’s referral code into the sign-up form already in the HTML, a form that waits for the page to run', async () => {
    const { html } = await page('/mainsignup?ref=ABC123');
    expect(html).toMatch(
      /<input[^>]*name="referralCode"[^>]*value="ABC123"|<input[^>]*value="ABC123"[^>]*name="referralCode"/,
    );
    // Until the page runs, its form can neither be filled (react-hook-form would wipe it on starting) nor sent
    // (the browser would send it as a plain GET with the password in the address).
    expect(html).toMatch(/<button type="submit" disabled=""/);
    const inputs = html.match(/<input [^>]*>/g) ?? [];
    expect(inputs.length).toBeGreaterThanOrEqual(8);
    for (const input of inputs) expect(input).toContain('disabled=""');
  });

  it('sends the signed-in areas as a shell: their layout, navigation and a skeleton, the loading image as a badge, no data', async () => {
    for (const [path, navigation] of [
      ['/maindashboard', 'href="/mainwallet"'],
      ['/welcomebackwallet', 'href="/welcomebackmatrix"'],
      ['/admindashboard', 'href="/mainuser"'],
    ] as const) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      // No full-screen loading image: the area's frame is readable at once, the page's place marked as loading.
      expect(html, path).toContain('<div id="boot-loader" data-over-page role="status"');
      expect(html, path).toContain(navigation);
      expect(html, path).toContain('aria-label="Loading this page"');
      expect(html, path).toContain('<script type="application/json" id="site-data">');
      // Nothing of a person is in it (the server has no session here), and the browser renders the page itself.
      expect(html, path).not.toContain('id="router-data"');
    }
  });

  it('draws a signed-out visit to a signed-in page as the sign-in, from the shell', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const visit = await context.newPage();
    await visit.goto(`${baseURL}/maindashboard`);
    await visit.waitForURL(/\/mainsignin\?next=%2Fmaindashboard/);
    await expect(visit.getByRole('heading', { level: 1 }).first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('shows the home page to a browser without JavaScript, with working links', async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 780 },
    });
    const still = await context.newPage();
    await still.goto(baseURL);
    await expect(still.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
      /financial security/,
    );
    await expect(still.getByText('Actualizing business dreams').isVisible()).resolves.toBe(true);
    // Nothing will run, so the loading image is not shown at all.
    await expect(still.locator('#boot-loader').isVisible()).resolves.toBe(false);
    expect(await still.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await still.locator('footer').getByRole('link', { name: 'FAQs' }).click();
    await still.waitForURL(`${baseURL}/faq`);
    await expect(still.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Frequently Asked Questions',
    );
    await context.close();
  });

  it('is taken over by React on every public page without a hydration error', async () => {
    const tab = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const problems = watchPage(tab);
    for (const route of routes) {
      await openPage(tab, baseURL + route.path);
      await expect(tab.getByRole('heading', { level: 1 }).first().isVisible(), route.path).resolves.toBe(
        true,
      );
    }
    // Ids made by the browser after it takes over (messages, popups) match those in the server's HTML.
    await openPage(tab, `${baseURL}/mainsignin`);
    await tab.getByRole('button', { name: 'Login' }).click();
    await tab.getByText('Email address is required').waitFor();
    const dangling = await tab.evaluate(() =>
      Array.from(
        document.querySelectorAll('[aria-labelledby], [aria-describedby], [aria-controls], label[for]'),
      ).flatMap((element) =>
        ['aria-labelledby', 'aria-describedby', 'aria-controls', 'for']
          .flatMap((name) => (element.getAttribute(name) ?? '').split(' ').filter(Boolean))
          .filter((id) => !document.getElementById(id)),
      ),
    );
    expect(dangling).toEqual([]);
    // Once running, the loading badge goes and the menu opens in the page, without a new document.
    await openPage(tab, baseURL);
    await tab.locator('#boot-loader').waitFor({ state: 'detached' });
    await tab.getByRole('button', { name: 'Open menu' }).click();
    await tab.getByRole('link', { name: 'CONTACT US' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(problems).toEqual([]);
    await tab.close();
  });

  it('keeps the loading badge off the sign-up form at 360 px while the page’s script loads (issue 38)', async () => {
    const tab = await browser.newPage({ viewport: { width: 360, height: 780 } });
    // Hold the script back, as on a slow network, so the server's page shows with its badge.
    await tab.route('**/assets/*.js', () => undefined);
    // Not 'domcontentloaded': that waits for the held module script. The server's HTML is all there is.
    await tab.goto(`${baseURL}/mainsignup`, { waitUntil: 'commit' });
    await tab.getByLabel('Password', { exact: true }).waitFor();
    const badge = (await tab.locator('#boot-loader').boundingBox())!;
    expect(badge.height, 'a thin strip along the top edge').toBeLessThanOrEqual(4);
    const fields = tab.locator('form input, form button');
    for (const field of await fields.all()) {
      const box = await field.boundingBox();
      if (!box) continue;
      const overlaps =
        box.x < badge.x + badge.width &&
        badge.x < box.x + box.width &&
        box.y < badge.y + badge.height &&
        badge.y < box.y + box.height;
      expect(overlaps, await field.evaluate((e) => e.outerHTML.slice(0, 80))).toBe(false);
    }
    await tab.getByLabel('Password', { exact: true }).scrollIntoViewIfNeeded();
    if (process.env.E2E_SCREENSHOTS)
      await tab.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/signup-loading-360.png` });
    await tab.close();
  });
});
