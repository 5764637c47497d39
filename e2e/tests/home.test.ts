import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from '../support/browser';

describe('the built client served by the platform', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('renders the home page with the navigation bar and the footer', async () => {
    const page = await browser.newPage();
    const problems = watchPage(page);
    await page.goto(inject('baseURL'), { waitUntil: 'load' });
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByRole('link', { name: 'ABOUT US' }).count()).resolves.toBe(1);
    await expect(page.locator('footer').textContent()).resolves.toContain(String(new Date().getFullYear()));
    await page.locator('#boot-loader').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers an unknown address with the not-found page (status 404) and an unknown API path with JSON', async () => {
    const res = await fetch(`${inject('baseURL')}/some/deep/link`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
    const api = await fetch(`${inject('baseURL')}/api/nope`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
  });
});
