import { formatNaira, getPlan, stageTotalKobo } from '@coop/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from '../support/browser';
import { aliases, routes } from '../support/public-routes';

describe('public routes', () => {
  let browser: Browser;
  let page: Page;
  let problems: string[];
  const scripts = new Set<string>();
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    problems = watchPage(page);
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.add(new URL(request.url()).pathname),
    );
  });
  afterAll(async () => browser?.close());
  // Each test answers for its own page loads; an image cut short because the next test navigates away is no fault.
  beforeEach(() => {
    problems.length = 0;
  });

  it.each(routes)(
    '$path shows its heading and key content inside the layout, without sideways scrolling at 360 px',
    async ({ path, heading, content }) => {
      await page.goto(baseURL + path, { waitUntil: 'load' });
      const h1 = page.getByRole('heading', { level: 1 });
      await h1.waitFor({ state: 'attached' });
      expect(await h1.count()).toBe(1);
      if (typeof heading === 'string') expect((await h1.textContent())?.trim()).toBe(heading);
      else expect(await h1.textContent()).toMatch(heading);
      const text = (await page.locator('main').textContent()) ?? '';
      for (const piece of content) {
        if (typeof piece === 'string') expect(text).toContain(piece);
        else expect(text).toMatch(piece);
      }
      if (typeof heading === 'string' && !['/getstarted', '/payment'].includes(path)) {
        // The tab's title names the page too (what a screen reader announces on arrival).
        await page.waitForFunction((name) => document.title.startsWith(name), heading, { timeout: 5000 });
      }
      await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'attached' });
      expect(await page.locator('footer').textContent()).toContain(String(new Date().getFullYear()));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(problems).toEqual([]);
    },
  );

  it.each(aliases)('%s redirects to %s and keeps the query', async (from, to) => {
    await page.goto(`${baseURL}${from}?ref=ABC123`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(to);
    expect(url.searchParams.get('ref')).toBe('ABC123');
    expect(problems).toEqual([]);
  });

  it('shows both stage tables read from the plan', async () => {
    for (const [path, plan] of [
      ['/main', getPlan('main')],
      ['/welcomeback', getPlan('welcomeback')],
    ] as const) {
      await page.goto(baseURL + path, { waitUntil: 'load' });
      const rows = page.locator('table tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(plan.stages.length);
      for (const stage of plan.stages) {
        const row = rows.nth(stage.number);
        expect(await row.textContent()).toContain(stage.name);
        expect(await row.textContent()).toContain(formatNaira(stageTotalKobo(plan, stage)));
      }
      expect(await page.getByRole('link', { name: 'REGISTER NOW' }).first().getAttribute('href')).toBe(
        plan.programme === 'main' ? '/mainsignup' : '/welcomebacksignup',
      );
    }
  });

  it('leads the choosers to the sign-up and payment pages', async () => {
    await page.goto(`${baseURL}/getstarted?ref=ABC123`, { waitUntil: 'load' });
    expect(await page.getByRole('link', { name: /MAIN PLATFORM/ }).getAttribute('href')).toBe(
      '/mainsignup?ref=ABC123',
    );
    expect(await page.getByRole('link', { name: /WELCOME BACK PLATFORM/ }).getAttribute('href')).toBe(
      '/welcomebacksignup?ref=ABC123',
    );
    await page.goto(`${baseURL}/payment`, { waitUntil: 'load' });
    expect(await page.getByRole('link', { name: /MAIN PLATFORM/ }).getAttribute('href')).toBe(
      '/mainpaystack',
    );
    expect(await page.getByRole('link', { name: /WELCOME BACK PLATFORM/ }).getAttribute('href')).toBe(
      '/welcomepaystack',
    );
  });

  it('never loaded a chunk of the member or admin areas on any public page', () => {
    expect(scripts.size).toBeGreaterThan(10);
    const privateChunks = [...scripts].filter((file) =>
      /\/assets\/(member-|admin-|signed-in|use-member-area|dashboard-page|wallet-page|matrix-page|users-page|payouts-page)/.test(
        file,
      ),
    );
    expect(privateChunks).toEqual([]);
  });

  it('hides the social icons when the site configuration has none', async () => {
    await page.goto(`${baseURL}/contact`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('list', { name: 'Social media' }).count()).toBe(0);
  });
});
