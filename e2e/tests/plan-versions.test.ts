import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOnAdminPage } from '../support/admins';
import { launchBrowser, lookAt, watchPage } from '../support/browser';
import { paidMember, signInOnMainPage } from '../support/members';
import { migratedDataDir } from '../support/data-dir';
import { createAdministrators, removeDir, startPlatform, type RunningServer } from '../support/server';

/**
 * A new plan version, at 1280 px, on a platform of its own (publishing changes what the shared platform's public
 * pages show): an administrator drafts a version raising the Associate graduating bonus and submits it; a second
 * administrator approves; the public Main page shows the new amount; a member who joined under version 1 still
 * sees theirs on their plan page.
 */
const MAKER = { email: 'plan-maker@example.com', password: 'plan-maker-password', name: 'Plan Maker' };
// The checker's approval counts only with a second factor (decision 0038): enrolled before the first start.
const CHECKER = {
  email: 'plan-checker@example.com',
  password: 'plan-checker-password',
  name: 'Plan Checker',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
};

describe('a new plan version, approved by a second administrator', () => {
  let server: RunningServer;
  let browser: Browser;
  let older: { email: string };

  beforeAll(async () => {
    const dataDir = migratedDataDir('coop-e2e-plans-');
    await createAdministrators(dataDir, [MAKER, CHECKER]);
    server = await startPlatform({ TRUST_PROXY: '1' }, { dataDir });
    older = await paidMember(server.url, 'main', 'Olu Early');
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server) {
      await server.stop();
      removeDir(server.dataDir);
    }
  });

  const adminPage = async (admin: typeof MAKER & { totpSecret?: string }) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page);
    await signInOnAdminPage(page, server.url, admin);
    return { page, problems };
  };
  const associateRow = (page: Page) => page.getByRole('row').filter({ hasText: 'Associate' });

  it('draft, submit, a second administrator approves; the public table shows the new amount and an older member keeps theirs', async () => {
    const maker = await adminPage(MAKER);
    await maker.page.getByRole('link', { name: 'Plan', exact: true }).click();
    await maker.page.getByRole('link', { name: 'New draft from version 1' }).click();
    await maker.page.getByText('The shape is not versioned').waitFor();
    const bonus = maker.page.getByLabel('Associate graduating bonus (₦)');
    expect(await bonus.inputValue()).toBe('50000');
    await bonus.fill('65000');
    await maker.page.getByRole('button', { name: 'Save as a new draft' }).click();
    const differences = maker.page.getByTestId('plan-differences');
    await differences.waitFor();
    expect(await differences.textContent()).toBe('Associate (stage 1) graduating bonus: ₦50,000 → ₦65,000');
    await lookAt(maker.page, 'plan-draft');
    // Simulated before it is submitted: the saved draft and version 1 see the same people join.
    const simulate = maker.page.getByRole('region', { name: 'Simulate this draft' });
    await simulate.getByLabel('Months', { exact: true }).fill('6');
    await simulate.getByLabel('New members in the first month').fill('400');
    await simulate.getByRole('button', { name: 'Simulate' }).click();
    const report = simulate.getByTestId('simulation-report');
    await report.waitFor({ timeout: 60_000 });
    await report.locator('.recharts-wrapper').nth(2).waitFor();
    expect(await report.locator('.recharts-wrapper').count()).toBe(3);
    const figures = (name: string) =>
      report
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .first()
        .locator('td')
        .allTextContents();
    const [draftFees, currentFees] = await figures('Fees in');
    expect(draftFees).toBe(currentFees);
    const [draftBonuses, currentBonuses] = await figures('Cash bonuses credited');
    expect(Number(draftBonuses!.replace(/[^\d]/g, ''))).toBeGreaterThan(
      Number(currentBonuses!.replace(/[^\d]/g, '')),
    );
    await lookAt(maker.page, 'plan-draft-simulated');
    await maker.page.getByRole('button', { name: 'Submit this draft' }).click();
    // The draft now waits: it names the request and can no longer be edited.
    await maker.page.getByText(/^Waiting for a second administrator: request #\d+\.$/).waitFor();
    expect(await maker.page.getByRole('button', { name: 'Save the draft' }).count()).toBe(0);

    const checker = await adminPage(CHECKER);
    await checker.page.goto(`${server.url}/adminapprovals`);
    const request = checker.page.getByTestId('approval').filter({ hasText: 'Publish a plan version' });
    expect(await request.textContent()).toContain('Associate (stage 1) graduating bonus ₦50,000 → ₦65,000');
    await request.getByRole('button', { name: 'Approve' }).click();
    await request.getByRole('button', { name: 'Yes, approve' }).click();
    await checker.page.getByRole('button', { name: 'Approved' }).click();
    await checker.page.getByTestId('approval').filter({ hasText: 'Publish a plan version' }).waitFor();

    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorProblems = watchPage(visitor);
    // A page names the versions it was rendered under; the server reads them again within two seconds.
    await expect
      .poll(
        async () => {
          await visitor.goto(`${server.url}/main`);
          return visitor.locator('[data-plan-version]').getAttribute('data-plan-version');
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe('2');
    expect(await associateRow(visitor).textContent()).toContain('₦65,000');
    await lookAt(visitor, 'plan-public-v2');

    const member = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const memberProblems = watchPage(member);
    await signInOnMainPage(member, server.url, older.email);
    await member.getByRole('link', { name: 'My Plan' }).first().click();
    const joined = member.getByTestId('joined-under');
    await joined.waitFor();
    expect(await joined.textContent()).toMatch(
      /^You joined under version 1 of the plan, .* New members now join under version 2; your terms do not change\.$/,
    );
    expect(await associateRow(member).textContent()).toContain('₦50,000');
    expect(await associateRow(member).textContent()).not.toContain('₦65,000');
    await lookAt(member, 'plan-member-v1');

    expect([...maker.problems, ...checker.problems, ...visitorProblems, ...memberProblems]).toEqual([]);
  });
});
