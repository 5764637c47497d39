import { PRIVACY_NOTICE_HISTORY } from '@coop/core/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, lookAt, watchPage, toastSays } from '../support/browser';
import { MEMBER_PASSWORD, signUpAndConfirm } from '../support/members';
import { migratedDataDir } from '../support/data-dir';
import { runTypeScript, startPlatform, type RunningServer } from '../support/server';

/**
 * A member who signed up under an older privacy notice (written into the platform's own database between two
 * starts, as an upgrade leaves it) signs in at 360 px, sees what changed since, and accepts the notice in force.
 */
describe('what changed in the privacy notice', () => {
  let server: RunningServer;
  let browser: Browser;
  let email: string;
  const older = PRIVACY_NOTICE_HISTORY[1]!.version;

  beforeAll(async () => {
    const dataDir = migratedDataDir('coop-e2e-notice-');
    server = await startPlatform({}, { dataDir });
    email = await signUpAndConfirm(server.url, 'welcomeback', 'Notice Reader');
    await server.stop();
    const script = `import { sql } from 'drizzle-orm'; import { openDatabase } from './apps/server/src/db/client.ts';
      const d = await openDatabase({ dataDir: process.env.DATA_DIR });
      await d.db.execute(sql\`update accounts set privacy_notice_version = \${process.env.OLDER} where email = \${process.env.EMAIL}\`);
      await d.close();`;
    runTypeScript(['--input-type=module', '-e', script], { DATA_DIR: dataDir, OLDER: older, EMAIL: email });
    server = await startPlatform({}, { dataDir });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.discard();
  });

  it('shows the changes since the accepted version above the member’s pages until accepted, then never again', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const problems = watchPage(page);
    await page.goto(`${server.url}/welcomebacksignin`);
    await page.locator('html[data-running]').waitFor({ state: 'attached' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await toastSays(page, 'Successful!');
    await page.waitForURL('**/welcomebackdashboard');
    const changes = page.getByTestId('notice-changes');
    await changes.waitFor();
    expect(await changes.textContent()).toContain(`Version ${PRIVACY_NOTICE_HISTORY[0]!.version}`);
    for (const line of PRIVACY_NOTICE_HISTORY[0]!.changes)
      expect(await changes.textContent()).toContain(line);
    // Only the versions after the one accepted.
    expect(await changes.getByText(/^Version /).allTextContents()).toEqual([
      `Version ${PRIVACY_NOTICE_HISTORY[0]!.version}`,
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'screenshots/member-notice-changes-360.png', fullPage: true });
    await lookAt(page, 'member-notice-changes');

    await changes.getByRole('button', { name: 'I have read it and accept' }).click();
    await changes.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('member-greeting').waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('notice-changes').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
