import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OPERATOR_ADMIN, signInOnAdminPage } from '../support/admins';
import { launchBrowser, settled, watchPage } from '../support/browser';
import { api, signUpAndConfirm, sponsorWithReferrals, signInOnMainPage } from '../support/members';

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** An administrator's correction of a member's details, and a member's withdrawal of a grant application. */
describe('corrections on the member record and a grant withdrawn', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  const newPage = async (width: number) => {
    const page = await browser.newPage({ viewport: { width, height: width < 500 ? 780 : 900 } });
    return { page, problems: watchPage(page) };
  };

  it.each([1280, 360])(
    'at %i px an administrator corrects a name and an email, which changes once the new address confirms it',
    async (width) => {
      const surname = `Okafr${width}`;
      const email = await signUpAndConfirm(baseURL, 'main', `Chinedu ${surname}`);
      const newEmail = `corrected-${width}-${Date.now()}@example.com`;
      const { page, problems } = await newPage(width);
      await signInOnAdminPage(page, baseURL, OPERATOR_ADMIN);
      await page.goto(`${baseURL}/mainuser?search=${surname}`);
      await settled(page);
      await page.getByRole('link', { name: `Record of Chinedu ${surname}` }).click();
      await page.getByRole('heading', { level: 1, name: new RegExp(surname) }).waitFor();

      const identity = page.getByTestId('record-identity');
      await identity.getByRole('button', { name: 'Correct name, phone or email' }).click();
      const form = identity.getByRole('form', { name: "Correct the member's details" });
      expect(await form.getByLabel('Email').inputValue()).toBe(email);
      await form.getByLabel('Full names').fill(`Chinedu Okafor${width}`);
      await form.getByLabel('Email').fill(newEmail);
      await form.getByRole('button', { name: 'Save the correction' }).click();
      // An empty reason is refused in place before anything is sent.
      await form.getByText('Please write why, in a few words, for the record').waitFor();
      await form
        .getByLabel('Why (for the record)')
        .fill('The member wrote to support from the address on file');
      await page.screenshot({
        path: `screenshots/admin-member-correction-form-${width}.png`,
        fullPage: true,
      });
      await form.getByRole('button', { name: 'Save the correction' }).click();
      await identity
        .getByText(`The name corrected; a link sent to ${newEmail}: the email changes when it is used.`)
        .waitFor();
      await page.getByRole('heading', { level: 1, name: new RegExp(`Chinedu Okafor${width}`) }).waitFor();
      expect(await identity.locator('[data-fact="Email"]').textContent()).toBe(email);
      expect(await identity.locator('[data-fact="New email, waiting"]').textContent()).toContain(newEmail);
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `screenshots/admin-member-correction-${width}.png`, fullPage: true });

      // The new address's link, opened as the member would.
      const mails = await api<{ subject: string; links: string[] }[]>(
        baseURL,
        `/api/dev/mail?to=${encodeURIComponent(newEmail)}`,
      );
      const link = mails.flatMap((m) => m.links).find((l) => l.includes('/confirmemailchange?token='))!;
      const memberPage = await browser.newPage({ viewport: { width, height: 780 } });
      await memberPage.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
      await memberPage.getByRole('heading', { name: 'New email address confirmed' }).waitFor();
      await memberPage.close();

      await page.reload();
      await settled(page);
      expect(await page.getByTestId('record-identity').locator('[data-fact="Email"]').textContent()).toBe(
        newEmail,
      );
      expect(await page.getByTestId('record-audit').textContent()).toContain('member email changed');
      expect(problems).toEqual([]);
      await page.close();
    },
    120_000,
  );

  it('a member withdraws a pending grant application at 1280 and 360 px', async () => {
    // An Executive (Main stage 5): 62 paid members under the sponsor, all joined with its code.
    const executive = await sponsorWithReferrals(baseURL, 'main', 'Eze Withdrawal', 62);
    for (const width of [1280, 360]) {
      await api(baseURL, '/api/me/grant', {
        method: 'POST',
        token: executive.token,
        body: { amount: '2500000', purpose: `A poultry farm in Ogun (${width})` },
      });
      const { page, problems } = await newPage(width);
      await signInOnMainPage(page, baseURL, executive.email);
      await page.goto(`${baseURL}/maingrant`);
      await settled(page);
      const application = page.getByRole('listitem').filter({ hasText: `(${width})` });
      await application.getByText('Waiting for a decision').waitFor();
      expect(
        await page
          .getByText('You can apply again once your application has been decided, or after you withdraw it.')
          .count(),
      ).toBe(1);
      await application.getByRole('button', { name: 'Withdraw this application' }).click();
      await application.getByRole('button', { name: 'Keep it' }).click();
      await application.getByRole('button', { name: 'Withdraw this application' }).click();
      await noSidewaysScroll(page, width);
      await page.screenshot({ path: `screenshots/member-grant-withdraw-${width}.png`, fullPage: true });
      await application.getByRole('button', { name: 'Yes, withdraw it' }).click();
      await application.getByText('Withdrawn by you').waitFor();
      expect(await application.getByRole('button', { name: 'Withdraw this application' }).count()).toBe(0);
      // Nothing pending any more: the application form is offered again.
      await page.getByRole('button', { name: 'Apply for the grant' }).waitFor();
      await page.screenshot({ path: `screenshots/member-grant-withdrawn-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 600_000);
});
