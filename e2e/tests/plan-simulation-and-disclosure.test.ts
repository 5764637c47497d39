import axe from 'axe-core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, OPERATOR_ADMIN, signInOnAdminPage } from '../support/admins';
import { launchBrowser, lookAt, watchPage } from '../support/browser';
import { api, sponsorWithTwoFriends } from '../support/members';

const thisYear = new Date(Date.now() + 3_600_000).getUTCFullYear();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** A screenshot of one part of the page at 1280 and 360 px (E2E_SCREENSHOTS; unset: none). */
async function lookAtElement(page: Page, element: Locator, name: string) {
  const shots = process.env.E2E_SCREENSHOTS;
  if (!shots) return;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(500);
    await element.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

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
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await context.addInitScript({ content: axe.source });
    const page = await context.newPage();
    const problems = watchPage(page);
    await signInOnAdminPage(page, baseURL, OPERATOR_ADMIN);
    await page.getByRole('link', { name: 'Plan → Simulate' }).click();
    await page.getByRole('heading', { name: 'Plan → Simulate', level: 1 }).waitFor();
    await page.getByLabel('Referral bonus (₦)').fill('15000');
    await page.getByLabel('Months', { exact: true }).fill('12');
    await page.getByLabel('New members in the first month').fill('2000');
    // The year beyond joins (decision 0063): more suspensions than the default, so some are held in 12 months.
    await page.getByLabel('Members suspended (%)').fill('5');
    await page.getByRole('button', { name: 'Simulate' }).click();
    const report = page.getByTestId('simulation-report');
    await report.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/wt-sim-shots/debug.png', fullPage: true });
      throw error;
    });
    await report.locator('.recharts-wrapper').nth(4).waitFor();
    expect(await report.locator('.recharts-wrapper').count()).toBe(5);
    const row = (name: string) => report.getByRole('row', { name: new RegExp(`^${name}`) }).first();
    const [draftFees, currentFees] = await row('Fees in').locator('td').allTextContents();
    expect(draftFees).toBe(currentFees); // the same people join under both versions
    const [draftBonuses, currentBonuses] = await row('Cash bonuses credited').locator('td').allTextContents();
    expect(Number(draftBonuses!.replace(/[^\d]/g, ''))).toBeGreaterThan(
      Number(currentBonuses!.replace(/[^\d]/g, '')),
    );
    // The year: awards handed over, cash-outs and suspensions' held wallets, in both versions, by month and year.
    const year = report.getByTestId('simulation-year');
    const amount = (text: string | undefined) => Number(text!.replace(/^.*·/, '').replace(/[^\d]/g, ''));
    for (const figure of ['Awards handed over, at cost', 'Cash-outs', 'Held on payout days for suspensions'])
      for (const cell of await year
        .getByRole('row', { name: new RegExp(`^${figure}`) })
        .locator('td')
        .all())
        expect(amount((await cell.textContent()) ?? undefined), figure).toBeGreaterThan(0);
    await year.getByRole('rowheader', { name: 'Month 12', exact: true }).first().waitFor();
    await year.getByRole('rowheader', { name: 'Year 1', exact: true }).first().waitFor();
    // No WCAG 2.2 A or AA violation in the figures (colour contrast of the legends among them), at both widths.
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      const found = await page.evaluate(async (tags) => {
        const runner = (window as unknown as { axe: typeof axe }).axe;
        const result = await runner.run('[data-testid="simulation-report"]', {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
      }, TAGS);
      expect(found, `axe at ${width}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await lookAt(page, 'plan-simulate');
    await lookAtElement(page, year, 'plan-simulate-year');
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
