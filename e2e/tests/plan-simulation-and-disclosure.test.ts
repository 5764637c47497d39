import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, OPERATOR_ADMIN, signInOnAdminPage } from '../support/admins';
import { launchBrowser, lookAt, watchPage } from '../support/browser';
import { api, sponsorWithTwoFriends } from '../support/members';

const thisYear = new Date(Date.now() + 3_600_000).getUTCFullYear();

/** Plan → Simulate and the income disclosure statement, as an administrator and as the public see them. */
describe('plan simulator and income disclosure', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // The statement leaves the public site as the test found it.
    const token = await adminToken(baseURL, OPERATOR_ADMIN);
    await api(baseURL, `/api/admin/income-disclosure/main/${thisYear}/publication`, {
      method: 'PUT',
      token,
      body: { published: false },
    });
    await browser?.close();
  });

  it('simulates a raised referral bonus against the plan in force: progress, both versions as charts and tables, a CSV', async () => {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })
    ).newPage();
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, OPERATOR_ADMIN);
    await page.getByRole('link', { name: 'Plan → Simulate' }).click();
    await page.getByRole('heading', { name: 'Plan → Simulate', level: 1 }).waitFor();
    await page.getByLabel('Referral bonus (₦)').fill('15000');
    await page.getByLabel('Months', { exact: true }).fill('12');
    await page.getByLabel('New members in the first month').fill('2000');
    await page.getByRole('button', { name: 'Simulate' }).click();
    const report = page.getByTestId('simulation-report');
    await report.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/wt-sim-shots/debug.png', fullPage: true });
      throw error;
    });
    await report.locator('.recharts-wrapper').nth(2).waitFor();
    expect(await report.locator('.recharts-wrapper').count()).toBe(3);
    const row = (name: string) => report.getByRole('row', { name: new RegExp(`^${name}`) }).first();
    const [draftFees, currentFees] = await row('Fees in').locator('td').allTextContents();
    expect(draftFees).toBe(currentFees); // the same people join under both versions
    const [draftBonuses, currentBonuses] = await row('Cash bonuses credited').locator('td').allTextContents();
    expect(Number(draftBonuses!.replace(/[^\d]/g, ''))).toBeGreaterThan(
      Number(currentBonuses!.replace(/[^\d]/g, '')),
    );
    await lookAt(page, 'plan-simulate');
    await page.setViewportSize({ width: 1280, height: 900 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('plan-simulation-main.csv');
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows the statement to administrators, publishes it, and the public page (rendered on the server) shows it, linked from the footer', async () => {
    await sponsorWithTwoFriends(baseURL, 'main', [
      'Disclosure Sponsor',
      'Disclosure Friend',
      'Disclosure Other',
    ]);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, OPERATOR_ADMIN);
    await page.getByRole('link', { name: 'Income Disclosure' }).click();
    const statement = page.getByTestId('income-disclosure');
    await statement.waitFor();
    expect(await page.getByTestId('publication-state').textContent()).toBe(
      'Not published: only administrators see it.',
    );
    expect(await statement.textContent()).toContain(`Main platform, ${thisYear}`);
    await lookAt(page, 'income-disclosure-admin');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Publish on the public site' }).click();
    await page.getByText(/^On the public site since/).waitFor();

    // React separates text parts with empty comments in the server's HTML.
    const html = (await (await fetch(`${baseURL}/income-disclosure`)).text()).replaceAll('<!-- -->', '');
    expect(html).toContain('data-testid="income-disclosure"');
    expect(html).toContain(`Main platform, ${thisYear}`);
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorProblems = watchPage(visitor);
    await visitor.goto(baseURL);
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Income disclosure' }).click();
    await visitor.getByRole('heading', { name: 'Income disclosure', level: 1 }).waitFor();
    await visitor.getByTestId('income-disclosure').first().waitFor();
    await lookAt(visitor, 'income-disclosure-public');
    expect(problems).toEqual([]);
    expect(visitorProblems).toEqual([]);
  }, 120_000);
});
