import { formatNaira, getPlan } from '@coop/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from '../support/browser';
import { sponsorWithReferrals, signInOnMainPage } from '../support/members';

/**
 * The member's screens on a 360 px phone, for a Main member whose 14 referrals completed Honourable (stage 2):
 * cash apart from awards, the health fee as its own wallet line, the matrix with names and the next level, and
 * a share button that leaves the referral page where it is.
 */
describe('member screens on a phone', () => {
  const baseURL = inject('baseURL');
  const plan = getPlan('main');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let email: string;

  beforeAll(async () => {
    ({ email } = await sponsorWithReferrals(baseURL, 'main', 'Musa Idris', 14));
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    // The share targets are other sites: answered here, so the test never leaves this machine.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Shared</title><h1>Shared</h1>' }),
    );
    page = await context.newPage();
    problems = watchPage(page);
    await signInOnMainPage(page, baseURL, email);
  });
  afterAll(async () => browser?.close());

  const section = (name: string) => page.getByRole('region', { name, exact: true });

  it('the dashboard shows cash first and the awards in a section of their own, with their status', async () => {
    await section('Wallet Summary').waitFor();
    expect(await page.title()).toMatch(/^Dashboard \|/);
    const money = (await section('Wallet Summary').textContent())!;
    expect(money).toContain('Wallet Balance');
    expect(money).toContain('Earned Bonus');
    expect(money).toContain('Health Fee Deducted');
    expect(money).not.toMatch(/award/i);
    const awards = page.getByTestId('awards-section');
    expect(await section('Wallet Summary').locator('[data-testid="awards-section"]').count()).toBe(0);
    const laptop = awards.getByTestId('award-row').filter({ hasText: plan.stages[2]!.awards[0]!.label });
    expect(await laptop.textContent()).toContain('Pending delivery');
    expect(await awards.textContent()).toContain('Awards are not cash');
    // Below the money on the page, not beside it.
    const moneyBox = (await section('Wallet Summary').boundingBox())!;
    const awardsBox = (await awards.boundingBox())!;
    expect(awardsBox.y).toBeGreaterThan(moneyBox.y + moneyBox.height);
    expect(await page.locator('[data-figure="Referral Node"]').textContent()).toBe('14');
    expect(await page.locator('[data-figure="In your stage window"]').textContent()).toBe('14 of 30');
  });

  it('the wallet history shows the health fee as its own deduction line, and filters by kind', async () => {
    await page.goto(`${baseURL}/mainwallet`);
    const lines = page.getByTestId('wallet-entry');
    await lines.first().waitFor();
    expect(await page.title()).toMatch(/^Wallet History \|/);
    const fee = page.locator('[data-testid="wallet-entry"][data-kind="health_fee"]');
    expect(await fee.count()).toBe(1);
    expect(await fee.textContent()).toContain(
      'Health organisation registration fee, deducted from the Honourable bonuses',
    );
    expect(await fee.textContent()).toContain(`−${formatNaira(plan.healthFee!.amountKobo)}`);
    const honourable = await lines.filter({ hasText: 'Honourable' }).allTextContents();
    expect(honourable).toHaveLength(3);

    await page.getByRole('button', { name: 'Health fee' }).click();
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().getAttribute('data-kind')).toBe('health_fee');
    await page.getByRole('button', { name: 'Referral bonuses' }).click();
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.allTextContents()).toEqual([
      expect.stringContaining('Referral bonus from Friend N.'),
      expect.stringContaining('Referral bonus from Friend N.'),
    ]);
  });

  it('the matrix shows names, stage and join date, the next level with its empty places, and finds people by name', async () => {
    await page.goto(`${baseURL}/mainmatrix`);
    const nodes = page.getByTestId('matrix-node');
    await nodes.first().waitFor();
    expect(await nodes.first().getAttribute('data-name')).toBe('Musa I.');
    expect(await nodes.nth(1).textContent()).toMatch(/Friend N\..*Welcome · joined \d/);
    // Levels 1 to 3 hold 2 + 4 + 8 = 14: level 4 is empty.
    expect(await page.getByTestId('matrix-next-level').textContent()).toContain(
      'Level 4 is the level to fill next: 16 empty places of 16',
    );
    await page.getByLabel('Search your matrix by name').fill('number1');
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByTestId('matrix-found');
    // Number1 and Number10 to Number14.
    await expect.poll(() => found.count()).toBe(6);
    await found.first().getByRole('button').click();
    await page.getByRole('button', { name: '← Back to my place' }).waitFor();
  });

  it('a share button opens the network in a new tab and leaves the referral page where it is', async () => {
    await page.goto(`${baseURL}/mainreferralcode`);
    const facebook = page.getByRole('link', { name: /^Facebook/ });
    await facebook.waitFor();
    const [tab] = await Promise.all([context.waitForEvent('page'), facebook.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toContain('facebook.com/sharer/sharer.php?u=');
    expect(page.url()).toBe(`${baseURL}/mainreferralcode`);
    expect(await page.getByTestId('referral-code').isVisible()).toBe(true);
    await tab.close();
    expect(problems).toEqual([]);
  });
});
