import { formatNaira, getPlan } from '@coop/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage, toastSays } from '../support/browser';
import { MEMBER_PASSWORD, sponsorWithTwoFriends } from '../support/members';

/**
 * The Welcome Back dashboard under the spec's section names (issue 25): 'Wallet Summary' with the money,
 * 'Referral Summary' with the referral count and node, 'Status' with the level, and the awards apart under the
 * spec's award name, on a phone and on a wide screen. (The Main dashboard's are in golden-crown.test.ts.)
 */
describe('the Welcome Back dashboard’s sections', () => {
  const baseURL = inject('baseURL');
  const plan = getPlan('welcomeback');
  let browser: Browser;
  let email: string;

  beforeAll(async () => {
    ({
      sponsor: { email },
    } = await sponsorWithTwoFriends(baseURL, 'welcomeback', [
      'Funke Adeyemi',
      'Gbenga Okoro',
      'Halima Bello',
    ]));
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const width of [1280, 360]) {
    it(`at ${width} px: Wallet Summary, Referral Summary and Status, in that order, awards apart`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchPage(page);
      await page.goto(`${baseURL}/welcomebacksignin`);
      await page.locator('html[data-running]').waitFor({ state: 'attached' });
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await toastSays(page, 'Successful!');
      await page.waitForURL('**/welcomebackdashboard');
      const section = (name: string) => page.getByRole('region', { name, exact: true });
      await section('Wallet Summary').waitFor();
      const wallet = (await section('Wallet Summary').textContent())!;
      for (const label of ['Wallet Balance', 'Graduating Bonus', 'Referral Bonus', 'Thank You Bonus'])
        expect(wallet).toContain(label);
      expect(wallet).not.toMatch(/award/i);
      expect(await section('Referral Summary').locator('[data-figure="Referral count"]').textContent()).toBe(
        '2',
      );
      expect(await section('Referral Summary').locator('[data-figure="Referral Node"]').textContent()).toBe(
        '2',
      );
      expect(await section('Status').locator('[data-figure="Level"]').textContent()).toBe(
        plan.stages[1]!.name,
      );
      expect(await section('Status').getByTestId('progress-summary').textContent()).toContain('more');
      expect(await page.locator('[data-figure="Wallet Balance"]').textContent()).toBe(
        formatNaira(2 * plan.referralBonusKobo + plan.stages[0]!.graduatingKobo),
      );
      // Top to bottom in the spec's order, the awards after them under the spec's name.
      const tops = await Promise.all(
        ['Wallet Summary', 'Referral Summary', 'Status'].map(
          async (name) => (await section(name).boundingBox())!.y,
        ),
      );
      expect([...tops].sort((a, b) => a - b)).toEqual(tops);
      const awards = page.getByTestId('awards-section');
      expect((await awards.boundingBox())!.y).toBeGreaterThan(tops[2]!);
      expect(await awards.textContent()).toContain('Award (domestic appliances)');
      for (const old of ['Your money', 'Your matrix', 'Stage progress'])
        expect(await section(old).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
