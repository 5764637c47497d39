import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOnAdminPage } from '../support/admins';
import { launchBrowser, toastSays, watchPage } from '../support/browser';
import { api, signInOnMainPage } from '../support/members';
import { migratedDataDir } from '../support/data-dir';
import { createAdministrators, runTypeScript, startPlatform, type RunningServer } from '../support/server';

/**
 * A Main member who finished Eldorado (issue 25), on a platform of its own whose database holds that member and
 * the 254 paid members under them, joined through the real engine before the platform starts
 * (apps/server/scripts/seed-golden-crown.ts): the Golden Crown dashboard and its schedule with no call to pay, the
 * spec's section names, the matrix search at 1280 px, the grant confirmation, and the admin dashboard with awards
 * owed at 360 px.
 */
const GRADUATE = { email: 'crown@example.com', password: 'a good password 1', name: 'Ngozi Crown' };
const ADMIN = {
  email: 'crown-admin@example.com',
  password: 'crown-admin-password',
  name: 'Crown Administrator',
};

describe('a Golden Crown Partner', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages: Page[] = [];

  beforeAll(async () => {
    const dataDir = migratedDataDir('coop-e2e-crown-');
    await createAdministrators(dataDir, [ADMIN]);
    runTypeScript(
      [
        'apps/server/scripts/seed-golden-crown.ts',
        '--email',
        GRADUATE.email,
        '--password',
        GRADUATE.password,
        '--name',
        GRADUATE.name,
      ],
      { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
    );
    server = await startPlatform({}, { dataDir });
    // The first yearly installment is delivered by an administrator, as the awards screen does it.
    const { token } = await api<{ token: string }>(server.url, '/api/admin/adminLogin', {
      method: 'POST',
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    const awards = await api<{ items: { id: number; kind: string; installment: number; email: string }[] }>(
      server.url,
      '/api/admin/awards?status=pending&pageSize=100',
      { token },
    );
    const first = awards.items.find(
      (a) => a.kind === 'golden_crown_annual' && a.installment === 1 && a.email === GRADUATE.email,
    );
    if (!first) throw new Error('The seeded graduate has no Golden Crown installment');
    await api(server.url, `/api/admin/awards/${first.id}/delivered`, { method: 'PUT', token });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.discard();
  });

  const signedInPage = async (width: number) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    pages.push(page);
    const problems = watchPage(page);
    await signInOnMainPage(page, server.url, GRADUATE.email, GRADUATE.password);
    return { page, problems };
  };
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  for (const width of [1280, 360]) {
    it(`at ${width} px: congratulates, shows the Golden Crown schedule and the spec's sections, and asks for no payment`, async () => {
      const { page, problems } = await signedInPage(width);
      const crown = page.getByTestId('golden-crown');
      await crown.waitFor();
      expect(await crown.getByRole('heading').textContent()).toBe('Congratulations, Golden Crown Partner');
      const rows = crown.getByTestId('golden-crown-installment');
      expect(await rows.count()).toBe(5);
      expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual([
        'delivered',
        'upcoming',
        'upcoming',
        'upcoming',
        'upcoming',
      ]);
      expect(await rows.first().textContent()).toContain('Paid');
      expect(await rows.first().textContent()).toContain('₦10,000,000');
      expect(await crown.getByTestId('golden-crown-count').textContent()).toMatch(
        /^1 of 5 installments paid; the next falls due on /,
      );

      // The spec's sections, in its words, with the level a graduate holds.
      for (const name of ['Wallet Summary', 'Referral Summary', 'Status'])
        await page.getByRole('region', { name, exact: true }).waitFor();
      expect(
        await page
          .getByRole('region', { name: 'Status', exact: true })
          .locator('[data-figure="Level"]')
          .textContent(),
      ).toBe('Golden Crown Partner');
      expect(
        await page
          .getByRole('region', { name: 'Referral Summary', exact: true })
          .locator('[data-figure="Referral Node"]')
          .textContent(),
      ).toBe('254');
      expect(await page.getByTestId('awards-section').textContent()).toContain('House Award');

      // No call to pay, on the dashboard, in the menu or on the payment page.
      const body = (await page.locator('main').textContent())!;
      expect(body).not.toMatch(/Register again|Complete your payment|Pay ₦/);
      // The menu (a drawer on a phone) lists every entry but payment.
      const menu = page.getByRole('navigation', { name: 'Member area' });
      expect(await menu.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(1);
      expect(await menu.getByRole('link', { name: 'Make Payment' }).count()).toBe(0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      await page.goto(`${server.url}/mainpaystack`);
      expect(await page.getByTestId('nothing-to-pay').textContent()).toContain(
        'You are a Golden Crown Partner',
      );
      expect(await page.getByRole('button', { name: 'Proceed' }).count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('at 1280 px the matrix search has room for a name, with its label on one line', async () => {
    const { page } = await signedInPage(1280);
    await page.goto(`${server.url}/mainmatrix`);
    const input = page.getByLabel('Search your matrix by name');
    await input.waitFor();
    const box = (await input.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    const label = (await page.locator('label', { hasText: 'Search your matrix by name' }).boundingBox())!;
    const lineHeight = await page
      .locator('label', { hasText: 'Search your matrix by name' })
      .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(label.height).toBeLessThan(lineHeight * 1.5);
    await input.fill('Number25');
    await page.getByRole('button', { name: 'Search' }).click();
    // Number25 and Number250 to Number254.
    await expect.poll(() => page.getByTestId('matrix-found').count()).toBe(6);
    await page.close();
  });

  it('at 360 px a grant application shows its confirmation, then the application waiting for a decision', async () => {
    const { page, problems } = await signedInPage(360);
    await page.goto(`${server.url}/maingrant`);
    await page.getByLabel('Amount (naira)').fill('2500000');
    await page
      .getByLabel('What is the grant for?')
      .fill('A cassava processing plant for our cooperative in Ogun State');
    await page.getByRole('button', { name: 'Apply for the grant' }).click();
    expect(await toastSays(page, 'Successful!')).toContain(
      'Your application has been received. An administrator will decide on it.',
    );
    // The toast waits for no tap: the page shows the application once its list is read again.
    await page
      .getByText('You can apply again once your application has been decided, or after you withdraw it.')
      .waitFor();
    expect(await page.getByRole('list', { name: 'Your applications' }).textContent()).toContain(
      'Waiting for a decision',
    );
    expect(
      await page
        .getByText('You can apply again once your application has been decided, or after you withdraw it.')
        .count(),
    ).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('at 360 px the admin dashboard with awards owed stays within the screen, the table scrolling inside its card', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
    const problems = watchPage(page);
    await signInOnAdminPage(page, server.url, ADMIN);
    const awards = page.locator('[data-award]');
    await awards.first().waitFor();
    expect(await page.locator('[data-award="golden_crown_annual"]').count()).toBe(1);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    const card = (await page
      .getByRole('region', { name: 'Awards owed (non-cash entitlements)' })
      .boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(360);
    expect(problems).toEqual([]);
    await page.close();
  });
});
