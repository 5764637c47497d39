import { formatNaira, parseNairaString } from '@coop/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  CHECKER_ADMIN,
  MAKER_ADMIN,
  newAdministrator,
  passSecondFactorOnPage,
  totpCode,
} from '../support/admins';
import { launchBrowser, watchPage, toastSays } from '../support/browser';
import { api, sponsorWithReferrals, sponsorWithTwoFriends } from '../support/members';

/** Where to keep screenshots of the approval screens for a look by eye (unset: none are taken). */
const shots = process.env.E2E_SCREENSHOTS;
/** An administrator as every admin screen names them (issue 35): two of one name still read apart. */
const named = (admin: { name: string; email: string }) => `${admin.name} (${admin.email})`;

interface AskedApproval {
  approval: { id: number; amount: string; count: number };
}

/** Two-person approval of a large cash-out, and an administrator's two-factor sign-in, in Chromium. */
describe('admin approvals and two-factor sign-in', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  const signIn = async (page: Page, admin: { email: string; password: string }) => {
    await page.goto(`${baseURL}/admin`);
    await page.locator('html[data-running]').waitFor({ state: 'attached' });
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
  };
  const enter = async (page: Page, admin: { email: string; password: string; totpSecret?: string }) => {
    await signIn(page, admin);
    // The checker approves, so it signs in with its second factor (decision 0038).
    await passSecondFactorOnPage(page, baseURL, admin);
    await toastSays(page, 'Login Successful!');
    await page.waitForURL(`${baseURL}/admindashboard`);
  };
  const walletOf = async (email: string) => {
    const token = await adminToken(baseURL, CHECKER_ADMIN);
    const user = await api<{ data: { wallet: string } }>(
      baseURL,
      `/api/admin/toViewUser/${encodeURIComponent(email)}`,
      { token },
    );
    return parseNairaString(user.data.wallet);
  };

  it('a cash-out above the threshold is asked first: set aside from the wallet at once, handed over once a second administrator approves; the maker cannot; a member in two waiting requests is flagged', async () => {
    // Six paid referrals complete Main stage 1: the sponsor's wallet holds more than the N100,000 threshold.
    const sponsor = await sponsorWithReferrals(baseURL, 'main', 'Ngozi Bello', 6);
    const before = await walletOf(sponsor.email);
    expect(before).toBeGreaterThan(10_000_000);
    const amountKobo = 10_500_000;
    const makerToken = await adminToken(baseURL, MAKER_ADMIN);

    // The form's words: above the threshold the administrator asks to hand cash over (looked at on a phone too).
    const phone = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const phoneProblems = watchPage(phone);
    await enter(phone, MAKER_ADMIN);
    await phone.goto(`${baseURL}/mainadmincashout`);
    await phone.getByTestId('approval-notice').waitFor();
    expect(await phone.getByTestId('approval-notice').textContent()).toContain(
      'the cash is handed over only once approved',
    );
    await phone.getByLabel('Member email').fill(sponsor.email);
    await phone.getByLabel('Amount (naira)').fill('105000');
    await phone.getByRole('button', { name: 'Ask to hand over Main cash' }).click();
    expect(await phone.getByTestId('account-confirmation').textContent()).toContain(
      'do not hand the cash over until the request is approved',
    );
    if (shots) await phone.screenshot({ path: `${shots}/cash-out-ask-360.png`, fullPage: true });
    await phone.getByRole('button', { name: 'Cancel' }).click();
    expect(phoneProblems).toEqual([]);
    await phone.close();
    expect(await walletOf(sponsor.email)).toBe(before);

    const maker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const makerProblems = watchPage(maker);
    await enter(maker, MAKER_ADMIN);
    await maker.getByRole('link', { name: 'Main Platform Admin Cashout' }).click();
    await maker.getByTestId('approval-notice').waitFor();
    await maker.getByLabel('Member email').fill(sponsor.email);
    await maker.getByLabel('Amount (naira)').fill('105000');
    await maker.getByRole('button', { name: 'Ask to hand over Main cash' }).click();
    const who = await maker.getByTestId('account-confirmation').textContent();
    expect(who).toContain('Ngozi Bello');
    expect(who).toContain(formatNaira(before));
    await maker.getByRole('button', { name: 'Ask for approval' }).click();
    expect(await toastSays(maker, 'Asked: do not hand over the cash yet')).toContain(
      `${formatNaira(amountKobo)} is set aside from Ngozi Bello's wallet meanwhile`,
    );
    const requested = maker.getByTestId('cash-out-requested');
    expect(await requested.textContent()).toContain(
      'Do not hand over the cash until the request is approved.',
    );
    if (shots) await maker.screenshot({ path: `${shots}/cash-out-asked-1280.png`, fullPage: true });
    // Set aside at once: the wallet (and so the payout preview and a run) no longer holds it.
    expect(await walletOf(sponsor.email)).toBe(before - amountKobo);

    // The same member in a payout run's list too (bank details of this test alone; a month long past, withdrawn below).
    const accountNumber = `3${String(Date.now()).slice(-8)}1`;
    await api(baseURL, '/api/auth/register', {
      method: 'POST',
      token: sponsor.token,
      body: { type: 'savings', accountNumber, accountName: 'SANDBOX TEST ACCOUNT', bankCode: '058' },
    });
    const run = await api<AskedApproval>(baseURL, '/api/admin/payouts/run', {
      method: 'POST',
      token: makerToken,
      body: { programme: 'main', period: '2019-05' },
    });

    // The maker's own request offers no Approve, only a withdrawal; it shows what is set aside and the other request.
    await maker.getByRole('link', { name: /^Approvals/ }).click();
    const mine = maker
      .getByTestId('approval')
      .filter({ hasText: 'Ngozi Bello' })
      .filter({ hasText: /#\d+ Cash-out/ });
    expect(await mine.textContent()).toContain('You asked for this');
    expect(await mine.textContent()).toContain(`${named(MAKER_ADMIN)} (you)`);
    expect(await mine.getByTestId('approval-held').textContent()).toContain(
      'Hand the cash over only once another administrator approves.',
    );
    expect(await mine.getByTestId('approval-overlaps').textContent()).toContain(
      `request #${run.approval.id}`,
    );
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    if (shots) await maker.screenshot({ path: `${shots}/cash-out-card-maker-1280.png`, fullPage: true });

    // The second administrator sees the same warning on a phone, then approves once the run is withdrawn; a double click moves the money once.
    const checker = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const checkerProblems = watchPage(checker);
    await enter(checker, CHECKER_ADMIN);
    await checker.goto(`${baseURL}/adminapprovals`);
    const request = checker
      .getByTestId('approval')
      .filter({ hasText: 'Ngozi Bello' })
      .filter({ hasText: /#\d+ Cash-out/ });
    expect(await request.textContent()).toMatch(/Asked by\s*Maker Administrator/);
    expect(await request.textContent()).toContain(`Asked by${named(MAKER_ADMIN)}`);
    expect(await request.textContent()).toContain(formatNaira(amountKobo));
    expect(await request.getByTestId('approval-overlaps').textContent()).toContain(
      'This member is also in another waiting request',
    );
    if (shots) await request.screenshot({ path: `${shots}/cash-out-card-checker-360.png` });
    await api(baseURL, `/api/admin/approvals/${run.approval.id}/decline`, {
      method: 'POST',
      token: makerToken,
      body: { reason: 'Only to show the warning' },
    });
    await checker.reload();
    await expect.poll(() => request.getByTestId('approval-overlaps').count()).toBe(0);
    await request.getByRole('button', { name: 'Approve' }).click();
    await request.getByRole('button', { name: 'Yes, approve' }).dblclick();
    await checker.getByRole('button', { name: 'Approved' }).click();
    const done = checker
      .getByTestId('approval')
      .filter({ hasText: 'Ngozi Bello' })
      .filter({ hasText: /#\d+ Cash-out/ });
    expect(await done.textContent()).toMatch(/approved[\s\S]*Decided by\s*Checker Administrator/i);
    expect(await done.textContent()).toContain(`Asked by${named(MAKER_ADMIN)}`);
    expect(await done.textContent()).toContain(`Decided by${named(CHECKER_ADMIN)}`);
    if (shots) await done.screenshot({ path: `${shots}/cash-out-card-decided-360.png` });
    expect(await done.getByTestId('approval-held').textContent()).toContain('is the cash-out');
    // Approved: the amount set aside became the cash-out; the wallet moved once, when it was asked.
    await new Promise((r) => setTimeout(r, 500));
    expect(await walletOf(sponsor.email)).toBe(before - amountKobo);
    expect(makerProblems).toEqual([]);
    // The confirmation closes with the first click; a second one that still lands is refused (409) and shown.
    expect(checkerProblems.filter((p) => !/status of 409\b/.test(p))).toEqual([]);
  });

  it('the checker’s card of a payout run shows the amount, the number of payments and the frozen preview, and asks before approving; the maker’s has no Approve', async () => {
    // A Main sponsor with two paid friends and confirmed bank details of this test alone: due a payout.
    const { sponsor } = await sponsorWithTwoFriends(baseURL, 'main', ['Halima Sule', 'Ife Ojo', 'Jide Cole']);
    const accountNumber = `2${String(Date.now()).slice(-8)}1`;
    await api(baseURL, '/api/auth/register', {
      method: 'POST',
      token: sponsor.token,
      body: { type: 'savings', accountNumber, accountName: 'SANDBOX TEST ACCOUNT', bankCode: '058' },
    });
    // A month long past, asked and then withdrawn, so no other test's run is disturbed.
    const makerToken = await adminToken(baseURL, MAKER_ADMIN);
    const asked = await api<AskedApproval>(baseURL, '/api/admin/payouts/run', {
      method: 'POST',
      token: makerToken,
      body: { programme: 'main', period: '2019-06' },
    });
    const { id, amount, count } = asked.approval;
    expect(count).toBeGreaterThanOrEqual(1);
    const amountText = formatNaira(parseNairaString(amount));

    const maker = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const makerProblems = watchPage(maker);
    await enter(maker, MAKER_ADMIN);
    await maker.goto(`${baseURL}/adminapprovals`);
    const mine = maker.getByTestId('approval').filter({ hasText: `#${id} Payout run` });
    await mine.waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await mine.textContent()).toContain('You asked for this');
    if (shots) await maker.screenshot({ path: `${shots}/approval-maker-1280.png`, fullPage: true });

    for (const width of [1280, 360]) {
      const checker = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchPage(checker);
      await enter(checker, CHECKER_ADMIN);
      await checker.goto(`${baseURL}/adminapprovals`);
      const card = checker.getByTestId('approval').filter({ hasText: `#${id} Payout run` });
      expect(await card.getByTestId('approval-amount').textContent()).toBe(amountText);
      expect(await card.getByTestId('approval-count').textContent()).toBe(
        `${count} payment${count === 1 ? '' : 's'}`,
      );
      // The admin menu counts the requests waiting for this administrator (a drawer at 360 px, in the page all the same).
      const waitingCount = (await checker.getByTestId('approvals-waiting').textContent())!.replace(/\D/g, '');
      expect(Number(waitingCount)).toBeGreaterThanOrEqual(1);

      // The frozen preview: every payment as the maker saw it, this sponsor's account ending among them.
      await card.getByRole('link', { name: 'See who is paid, as the request was made' }).click();
      await checker.waitForURL(`${baseURL}/adminapprovals/${id}`);
      await checker.getByTestId('frozen-preview').waitFor();
      expect(await checker.getByTestId('frozen-line').count()).toBe(count);
      const line = checker.getByTestId('frozen-line').filter({ hasText: 'Halima Sule' });
      expect(await line.textContent()).toContain(`····${accountNumber.slice(-4)}`);
      if (shots) await checker.screenshot({ path: `${shots}/approval-preview-${width}.png`, fullPage: true });

      // Approve asks first; Cancel leaves the request waiting.
      await checker.getByRole('button', { name: 'Approve' }).click();
      const confirm = checker.getByTestId('approve-confirmation');
      expect(await confirm.textContent()).toContain(
        `${amountText} in ${count} payment${count === 1 ? '' : 's'} will move now`,
      );
      if (shots) await checker.screenshot({ path: `${shots}/approval-confirm-${width}.png`, fullPage: true });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      expect(await checker.getByTestId('approve-confirmation').count()).toBe(0);
      expect(problems).toEqual([]);
      await checker.close();
    }

    // The maker withdraws it: nothing was paid.
    await mine.getByRole('button', { name: 'Withdraw (decline)' }).click();
    await maker.getByLabel('Why do you decline?').fill('Only a look at the screen');
    await maker.getByRole('button', { name: 'Decline request' }).click();
    if (shots)
      await maker
        .waitForTimeout(1500)
        .then(() => maker.screenshot({ path: `${shots}/approval-withdrawn-1280.png`, fullPage: true }));
    // Decided, it leaves the list of waiting requests.
    await mine.waitFor({ state: 'detached' });
    const withdrawn = await api<{ approval: { status: string } }>(baseURL, `/api/admin/approvals/${id}`, {
      token: makerToken,
    });
    expect(withdrawn.approval.status).toBe('declined');
    const runs = await api<{ items: { period: string }[] }>(
      baseURL,
      '/api/admin/payouts/runs?programme=main',
      { token: makerToken },
    );
    expect(runs.items.some((r) => r.period === '2019-06')).toBe(false);
    expect(makerProblems).toEqual([]);
    await maker.close();
  });

  it('an invited administrator enrols in two-factor sign-in by the QR code’s key and then signs in with a code', async () => {
    // Invited by the maker, approved by the checker, the link's password chosen (decision 0038).
    const admin = await newAdministrator(baseURL, MAKER_ADMIN, 'Tunde Bakare');

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchPage(page);
    await enter(page, admin);
    await page.goto(`${baseURL}/adminsecurity`);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByTestId('totp-qr').locator('svg').waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByText('Two-factor sign-in is on for your account').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseURL}/admin`);

    // The password alone opens nothing now: the login asks for the code.
    await signIn(page, admin);
    await page.getByLabel('Two-factor code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is not correct').waitFor();
    await page.getByLabel('Two-factor code').fill(await totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await toastSays(page, 'Login Successful!');
    await page.waitForURL(`${baseURL}/admindashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // Expected: the guard's renewal after sign-out (401) and the wrong code (401), shown on the page.
    expect(problems.filter((p) => !/status of 401\b/.test(p))).toEqual([]);
  });
});
