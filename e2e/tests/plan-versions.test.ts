import { exampleSimulationInputs, formatNaira, nairaToKobo, type Plan } from '@coop/core';
import type { SimulationJob } from '@coop/core/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, signInOnAdminPage } from '../support/admins';
import { launchBrowser, lookAt, watchPage } from '../support/browser';
import { api, paidMember, signInOnMainPage } from '../support/members';
import { routes as publicRoutes } from '../support/public-routes';
import { migratedDataDir } from '../support/data-dir';
import { createAdministrators, startPlatform, type RunningServer } from '../support/server';

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
  });

  afterAll(async () => {
    await browser?.close();
    await server?.discard();
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
    await report.locator('.recharts-wrapper').nth(4).waitFor();
    expect(await report.locator('.recharts-wrapper').count()).toBe(5);
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
    // The checker sees what the change costs: the maker's simulation of the draft as it is, against version 1, at
    // 1,000 and at 100,000 new members (decision 0061).
    const cost = request.getByTestId('plan-simulation-figures');
    await cost.waitFor();
    const payoutRatios: Record<string, [number, number]> = {};
    for (const size of ['At 1,000 members', 'At 100,000 members']) {
      const table = cost.getByRole('table', { name: size });
      const row = async (figure: string) =>
        table
          .getByRole('row', { name: new RegExp(`^${figure}`) })
          .locator('td')
          .allTextContents();
      const ratios = (await row('Payout ratio')).map((cell) => Number(cell.replace('%', '')));
      expect(
        ratios.every((r) => r > 0 && r < 1000),
        ratios.join(),
      ).toBe(true);
      payoutRatios[size] = ratios as [number, number];
      for (const figure of ['Cash owed per member', 'Awards owed per member'])
        expect(await row(figure)).toEqual([
          expect.stringMatching(/^₦[\d,]+/),
          expect.stringMatching(/^₦[\d,]+/),
        ]);
    }
    // A bigger Associate graduating bonus costs more once members reach it.
    const [draftRatio, inForceRatio] = payoutRatios['At 100,000 members']!;
    expect(draftRatio).toBeGreaterThan(inForceRatio);
    const whole = cost.getByRole('link', { name: 'See the whole simulation' });
    expect(await whole.getAttribute('href')).toMatch(/^\/adminplansimulate\/[0-9a-f-]{36}$/);
    await lookAt(checker.page, 'plan-approval-card');
    await request.getByRole('button', { name: 'Approve' }).click();
    await request.getByRole('button', { name: 'Yes, approve' }).click();
    await checker.page.getByRole('button', { name: 'Approved' }).click();
    await checker.page.getByTestId('approval').filter({ hasText: 'Publish a plan version' }).waitFor();
    // The whole simulation, stored, from its link on the card.
    await checker.page
      .getByTestId('approval')
      .filter({ hasText: 'Publish a plan version' })
      .getByRole('link', { name: 'See the whole simulation' })
      .click();
    await checker.page.getByTestId('simulation-report').waitFor();
    expect(await checker.page.getByTestId('simulation-facts').textContent()).toMatch(
      /^Draft #\d+ against version 1 in force, started by Plan Maker /,
    );

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

  /** Every paragraph, list item, definition and FAQ entry (question and answer) of the page that speaks of the referral bonus. */
  const referralSentences = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('main p, main li, main dd, main details'))
        .map((e) => e.textContent ?? '')
        .filter((text) => /referral bonus/i.test(text)),
    );

  it('a version raising the Main referral bonus: every public page stating it states the new figure, and a member of version 1 reads their own on the dashboard (issue 36)', async () => {
    const before = await api<Plan>(server.url, '/api/plans/main');
    const raisedKobo = before.referralBonusKobo + nairaToKobo(2_500);
    const [oldBonus, newBonus] = [formatNaira(before.referralBonusKobo), formatNaira(raisedKobo)];

    // Drafted, simulated and submitted by one administrator and approved by the other through the API: the editor and
    // the approval card are the first test's; this one is about what readers read once the version is published.
    const makerToken = await adminToken(server.url, MAKER);
    const { effectiveAt: _effectiveAt, ...body } = before as Plan & { effectiveAt?: string };
    const draft = await api<{ id: number }>(server.url, '/api/admin/plans/main/drafts', {
      method: 'POST',
      token: makerToken,
      body: { ...body, referralBonusKobo: raisedKobo },
    });
    let job = await api<SimulationJob>(server.url, `/api/admin/plans/main/drafts/${draft.id}/simulate`, {
      method: 'POST',
      token: makerToken,
      body: { inputs: { ...exampleSimulationInputs, months: 2, joinsPerMonth: 50 } },
    });
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = await api<SimulationJob>(server.url, `/api/admin/plan-simulations/${job.id}`, {
        token: makerToken,
      });
    }
    const submitted = await api<{ approval: { id: number } }>(
      server.url,
      `/api/admin/plans/main/drafts/${draft.id}/submit`,
      { method: 'POST', token: makerToken, body: {} },
    );
    await api(server.url, `/api/admin/approvals/${submitted.approval.id}/approve`, {
      method: 'POST',
      token: await adminToken(server.url, CHECKER),
    });

    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorProblems = watchPage(visitor);
    await expect
      .poll(
        async () => {
          await visitor.goto(`${server.url}/main`);
          return visitor.locator('[data-plan-version]').getAttribute('data-plan-version');
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(String(before.version + 1));
    // Every public page, drawn by the server: none states the old Main referral bonus; those that state it state the
    // new one (the programme page's stage table and the FAQ at least, so the check cannot pass by finding nothing).
    const stating: string[] = [];
    for (const route of publicRoutes) {
      await visitor.goto(`${server.url}${route.path}`);
      const sentences = await referralSentences(visitor);
      expect(
        sentences.filter((text) => text.includes(oldBonus)),
        route.path,
      ).toEqual([]);
      if (sentences.some((text) => text.includes(newBonus))) stating.push(route.path);
    }
    expect(stating).toEqual(expect.arrayContaining(['/main', '/faq']));
    await visitor.goto(`${server.url}/faq`);
    await visitor.getByText('What is the referral bonus?').click();
    await visitor.getByText(`${newBonus} on the Main Platform`).waitFor();
    await lookAt(visitor, 'plan-faq-new-referral-bonus');

    // The member who joined under version 1 reads their own bonus, and what members joining now earn beside it.
    const member = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const memberProblems = watchPage(member);
    await signInOnMainPage(member, server.url, older.email);
    const firstStep = member.getByTestId('first-step');
    await firstStep.waitFor();
    expect(await firstStep.textContent()).toContain(`referral bonus of ${oldBonus}`);
    expect(await member.getByTestId('new-members-now').textContent()).toBe(
      `Members joining now earn ${newBonus} under version ${before.version + 1}; yours stays as you joined, under version 1.`,
    );
    await lookAt(member, 'plan-dashboard-own-referral-bonus');
    // Drawn by the server as well (the member's version is among the dashboard's first reads): read without JavaScript.
    const still = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 780 },
    });
    await still.addCookies(await member.context().cookies(server.url));
    const stillTab = await still.newPage();
    await stillTab.goto(`${server.url}/maindashboard`);
    expect(await stillTab.getByTestId('first-step').textContent()).toContain(`referral bonus of ${oldBonus}`);
    expect(await stillTab.getByTestId('new-members-now').textContent()).toContain(newBonus);
    await still.close();

    expect([...visitorProblems, ...memberProblems]).toEqual([]);
  });

  it('terms as versioned documents: /terms states the version in force, the sign-up offers it, a member of version 1 reads their own terms and My Data names them (issue 36)', async () => {
    const current = await api<Plan>(server.url, '/api/plans/main');
    const first = await api<Plan>(server.url, '/api/plans/main/versions/1');
    expect(current.version).toBeGreaterThan(1);
    expect(current.referralBonusKobo).not.toBe(first.referralBonusKobo);
    const [firstBonus, currentBonus] = [
      formatNaira(first.referralBonusKobo),
      formatNaira(current.referralBonusKobo),
    ];

    // The terms in force: the current version's figures, and links to each earlier version.
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorProblems = watchPage(visitor);
    await visitor.goto(`${server.url}/terms`);
    expect(await visitor.locator('[data-terms-in-force="main"]').getAttribute('data-plan-version')).toBe(
      String(current.version),
    );
    expect(await visitor.locator('[data-terms-referral-bonus="main"]').textContent()).toContain(currentBonus);
    expect(
      await visitor
        .getByTestId('terms-versions')
        .getByRole('link', { name: 'version 1' })
        .getAttribute('href'),
    ).toBe('/terms/main/v/1');
    // The sign-up form offers the terms in force, by version, and sends that version with the sign-up.
    await visitor.goto(`${server.url}/mainsignup`);
    const offered = visitor.getByRole('link', { name: `terms and conditions (version ${current.version})` });
    expect(await offered.getAttribute('href')).toBe(`/terms/main/v/${current.version}`);

    // The member who joined under version 1 follows My Plan's link to their own terms: version 1's figures.
    const member = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const memberProblems = watchPage(member);
    await signInOnMainPage(member, server.url, older.email);
    await member.getByRole('link', { name: 'My Plan' }).first().click();
    await member.getByTestId('my-terms-link').click();
    await member.waitForURL(`${server.url}/terms/main/v/1`);
    const version = member.getByTestId('terms-version');
    await version.waitFor();
    expect(await version.getAttribute('data-plan-version')).toBe('1');
    expect(await version.textContent()).toContain(`New members now accept version ${current.version}.`);
    expect(await member.locator('[data-terms-referral-bonus="main"]').textContent()).toContain(firstBonus);
    expect(await associateRow(member).textContent()).toContain('₦50,000');
    // The sign-in's message closed, so the shot is of the terms alone.
    for (const close of await member.getByRole('button', { name: 'Close the message' }).all())
      await close.click();
    await lookAt(member, 'terms-v1');
    // Drawn by the server: the page's HTML already states version 1's figure, not the current one.
    // (React marks where one piece of text ends and the next begins with an empty comment.)
    const html = (await (await visitor.request.get(`${server.url}/terms/main/v/1`)).text()).replaceAll(
      '<!-- -->',
      '',
    );
    expect(html).toContain(`The referral bonus on the Main Platform is ${firstBonus}`);
    expect(html).not.toContain(`The referral bonus on the Main Platform is ${currentBonus}`);

    // My Data names the terms accepted at sign-up (version 1, before any publication) and links to them.
    await member.goto(`${server.url}/maindata`);
    const accepted = member.getByTestId('terms-accepted');
    await accepted.waitFor();
    expect(await accepted.textContent()).toMatch(/^Terms you acceptedVersion 1, on .+$/);
    expect(await accepted.getByRole('link', { name: 'Version 1' }).getAttribute('href')).toBe(
      '/terms/main/v/1',
    );
    await accepted.scrollIntoViewIfNeeded();
    await lookAt(member, 'terms-my-data');

    expect([...visitorProblems, ...memberProblems]).toEqual([]);
  });

  it('the editor adds an award (refused without a value) and asks for a later time; the version waits, shown with its date, until cancelled (issue 36, decision 0062)', async () => {
    const maker = await adminPage(MAKER);
    await maker.page.goto(`${server.url}/adminplans?programme=welcomeback`);
    await maker.page.getByRole('link', { name: /^New draft from version \d+$/ }).click();
    await maker.page.getByText('The shape is not versioned').waitFor();
    // Courage has no award: one is added, first without a value, which the editor refuses.
    const courage = maker.page.getByRole('group', { name: 'Courage awards' });
    await courage.getByRole('button', { name: 'Add an award at Courage' }).click();
    await courage.getByLabel('Courage award 1: kind').selectOption('laptop');
    await courage.getByLabel('Description').fill('Laptop for studies');
    await maker.page.getByRole('button', { name: 'Save as a new draft' }).click();
    await courage.getByText('Every award needs a value of more than ₦0').waitFor();
    await courage.getByLabel('Value of one installment (₦)').fill('150000');
    await maker.page.getByRole('button', { name: 'Save as a new draft' }).click();
    const differences = maker.page.getByTestId('plan-differences');
    await differences.waitFor();
    expect(await differences.textContent()).toBe(
      'Award added at Courage (stage 2): none → Laptop for studies (laptop), ₦150,000',
    );
    await maker.page
      .getByRole('group', { name: 'Courage awards' })
      .getByLabel('Value of one installment (₦)')
      .scrollIntoViewIfNeeded();
    await lookAt(maker.page, 'plan-editor-award-added');

    // Simulated (approval needs it), then submitted to take effect tomorrow at 09:00 in the administrator's zone.
    const simulate = maker.page.getByRole('region', { name: 'Simulate this draft' });
    await simulate.getByLabel('Months', { exact: true }).fill('2');
    await simulate.getByRole('button', { name: 'Simulate' }).click();
    await simulate.getByTestId('simulation-report').waitFor({ timeout: 60_000 });
    await maker.page.getByLabel('At a date and time I announce').check();
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T09:00`;
    await maker.page.getByLabel('Takes effect at (your time zone)').fill(local);
    await maker.page.getByRole('button', { name: 'Submit this draft' }).click();
    await maker.page.getByText(/^Waiting for a second administrator: request #\d+\.$/).waitFor();
    const draftUrl = maker.page.url();

    const checkerToken = await adminToken(server.url, CHECKER);
    const waiting = await api<{ items: { id: number; kind: string; summary: string }[] }>(
      server.url,
      '/api/admin/approvals?status=pending',
      { token: checkerToken },
    );
    const request = waiting.items.find((r) => r.kind === 'plan_version')!;
    expect(request.summary).toMatch(
      /of the Welcome Back plan, taking effect on .* \(Lagos time\): Award added/,
    );
    await api(server.url, `/api/admin/approvals/${request.id}/approve`, {
      method: 'POST',
      token: checkerToken,
    });

    // Scheduled: shown with its date on the version and in the list; the version in force stays meanwhile.
    await maker.page.goto(draftUrl);
    const scheduled = maker.page.getByTestId('plan-scheduled');
    await scheduled.waitFor();
    expect(await scheduled.getByRole('heading').textContent()).toMatch(/^Version \d+ takes effect on .+/);
    // The version in force is named once the versions' list has loaded beside the draft.
    await scheduled.getByText(/Until then version \d+ stays in force/).waitFor();
    await lookAt(maker.page, 'plan-version-scheduled');
    await maker.page.goto(`${server.url}/adminplans?programme=welcomeback`);
    const row = maker.page.getByRole('row').filter({ has: maker.page.locator('[data-status="scheduled"]') });
    expect(await row.textContent()).toContain('Award added at Courage (stage 2)');
    await lookAt(maker.page, 'plan-versions-scheduled');
    const inForce = await api<Plan>(server.url, '/api/plans/welcomeback');
    expect(inForce.stages[2]!.awards).toEqual([]);

    // Cancelled before its time: a draft again, which its maker may change and submit again.
    await maker.page.goto(draftUrl);
    await scheduled.getByRole('button', { name: /^Cancel version \d+$/ }).click();
    await maker.page.getByRole('button', { name: 'Save the draft' }).waitFor();
    expect(await maker.page.locator('[data-status]').first().getAttribute('data-status')).toBe('draft');
    expect(maker.problems).toEqual([]);
  });
});
