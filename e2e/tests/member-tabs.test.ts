import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from '../support/browser';
import { paidMember, signInOnMainPage } from '../support/members';

const baseURL = inject('baseURL');

/**
 * Each page the member opens starts its client by renewing the session from the refresh cookie, which the server
 * rotates, and a spent cookie presented again ends the session (reuse detection). Tabs opened together must not
 * present one cookie twice: they take turns (lib/session.ts), so the member stays signed in.
 */
describe('a member opening several pages at once', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('stays signed in when three tabs open member pages together', async () => {
    const member = await paidMember(baseURL, 'main', 'Tabitha Manytabs');
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    try {
      const first = await context.newPage();
      watchPage(first);
      await signInOnMainPage(first, baseURL, member.email);
      const tabs = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
      tabs.forEach((tab) => watchPage(tab));
      const renewals: number[] = [];
      for (const tab of tabs)
        tab.on('response', (response) => {
          if (response.url().endsWith('/api/auth/refresh')) renewals.push(response.status());
        });
      await Promise.all(
        ['/mainwallet', '/mainmatrix', '/mainnotifications'].map((path, i) => tabs[i]!.goto(baseURL + path)),
      );
      for (const tab of tabs) await tab.locator('html[data-running]').waitFor({ state: 'attached' });
      // One renewal a tab at least, and none refused (a refused one is a spent cookie sent again).
      await expect.poll(() => renewals.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      expect(renewals.filter((status) => status !== 200)).toEqual([]);
      // Each tab still reaches the member's pages: none was sent to sign in, and the session lives on.
      for (const tab of tabs) {
        await tab.goto(`${baseURL}/maindashboard`);
        await tab.locator('html[data-running]').waitFor({ state: 'attached' });
        await tab.getByText('WELCOME, Tabitha Manytabs!').waitFor();
        expect(new URL(tab.url()).pathname).toBe('/maindashboard');
      }
    } finally {
      await context.close();
    }
  });
});
