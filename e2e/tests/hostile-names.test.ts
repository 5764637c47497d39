import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, OPERATOR_ADMIN } from '../support/admins';
import { launchBrowser, settled, toastSays } from '../support/browser';
import { migratedDataDir } from '../support/data-dir';
import { api, MEMBER_PASSWORD, paidMember } from '../support/members';
import { createAdministrators, startPlatform, type RunningServer } from '../support/server';

const HOSTILE = '<img src=x onerror=alert(1)>';

/**
 * A member whose name is markup: the admin lists and the sponsor's matrix show it as text and never run it.
 * Any dialog (alert) or any request for the image `/x` would mean the name became HTML.
 */
describe('a hostile member name', () => {
  // A platform of its own: on the shared one, the members other files pay in meanwhile push the hostile member's
  // payment out of the dashboard's latest transactions.
  let server: RunningServer;
  let baseURL: string;
  let browser: Browser;
  beforeAll(async () => {
    const dataDir = migratedDataDir('coop-e2e-hostile-');
    await createAdministrators(dataDir, [OPERATOR_ADMIN]);
    server = await startPlatform({}, { dataDir });
    baseURL = server.url;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.discard();
  });

  const watched = async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const ran: string[] = [];
    page.on('dialog', (dialog) => {
      ran.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/x') ran.push(`request: ${request.url()}`);
    });
    return { page, ran };
  };
  it('is shown literally in the users list, the look-up, the latest transactions and the sponsor matrix, and never runs', async () => {
    const sponsor = await paidMember(baseURL, 'main', 'Ngozi Sponsor');
    const member = await paidMember(baseURL, 'main', HOSTILE, sponsor.referralCode);

    const { page, ran } = await watched();
    await page.goto(`${baseURL}/admin`);
    await settled(page);
    await page.getByLabel('Email').fill(OPERATOR_ADMIN.email);
    await page.getByLabel('Password').fill(OPERATOR_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await toastSays(page, 'Login Successful!');
    await page.waitForURL(`${baseURL}/admindashboard`);
    // Latest transactions on the dashboard.
    await expect
      .poll(async () => (await page.getByTestId('latest-transaction').allTextContents()).join('\n'))
      .toContain(HOSTILE);

    // The users list, searched for the member.
    await page.getByRole('link', { name: 'Main Users' }).click();
    await page.getByLabel('Search users').fill(member.email);
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await expect
      .poll(() => page.getByTestId('user-row').allTextContents())
      .toEqual([expect.stringContaining(HOSTILE)]);

    // The look-up of one member.
    await page.getByLabel('Main user email').fill(member.email);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect.poll(() => page.locator('[data-testid="user-figures"]').textContent()).toContain(HOSTILE);
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    // The sponsor's matrix: positions show initials, which come from the same name.
    const matrix = await api<{ nodes: { initials: string }[] }>(baseURL, '/api/me/matrix', {
      token: sponsor.token,
    });
    const initials = matrix.nodes.map((n) => n.initials).filter((i) => i !== 'NS');
    const sponsorView = await watched();
    await sponsorView.page.goto(`${baseURL}/mainsignin`);
    await settled(sponsorView.page);
    await sponsorView.page.getByLabel('Email').fill(sponsor.email);
    await sponsorView.page.getByLabel('Password').fill(MEMBER_PASSWORD);
    await sponsorView.page.getByRole('button', { name: 'Login' }).click();
    await toastSays(sponsorView.page, 'Successful!');
    await sponsorView.page.waitForURL('**/maindashboard');
    await sponsorView.page.goto(`${baseURL}/mainmatrix`);
    await expect
      .poll(async () => (await sponsorView.page.getByTestId('matrix-node').allTextContents()).join('\n'))
      .toContain(initials[0]!);
    expect(await sponsorView.page.locator('img[src="x"]').count()).toBe(0);

    // Time for anything the markup might have started.
    await page.waitForTimeout(500);
    expect([...ran, ...sponsorView.ran]).toEqual([]);
    // The administrator token still works: nothing in the page took the session.
    expect(await adminToken(baseURL, OPERATOR_ADMIN)).toBeTruthy();
  });
});
