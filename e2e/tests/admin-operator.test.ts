import { formatNaira, parseNairaString } from '@coop/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, OPERATOR_ADMIN, signInOnAdminPage } from '../support/admins';
import { launchBrowser, watchPage } from '../support/browser';
import { api, sponsorWithTwoFriends } from '../support/members';

const SHOTS = process.env.OPERATOR_SCREENSHOTS;

/** The operator's view in Chromium: what the company owes, the lists behind it, and the support inbox answering a message by mail. */
describe('operator view', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken(baseURL, OPERATOR_ADMIN);
  });
  afterAll(async () => browser?.close());

  const signIn = async (width: number) => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await signInOnAdminPage(page, baseURL, OPERATOR_ADMIN);
    return page;
  };
  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  it('answers a contact message from the inbox: the reply reaches the outbox and is kept with the message', async () => {
    const email = `asker.${Date.now()}@example.com`;
    await api(baseURL, '/api/auth/sendContact', {
      method: 'POST',
      body: { name: 'Funke Asker', email, message: 'My bonus has not arrived. Please check.' },
    });

    const page = await signIn(360);
    const problems = watchPage(page);
    await page.goto(`${baseURL}/adminmessages`);
    const card = page.getByTestId('contact-message').filter({ hasText: email });
    await card.waitFor();
    expect(await card.getByTestId('message-age').textContent()).toBe(
      'Waiting 0 days: 14 days left of the 14-day promise',
    );
    await shot(page, 'messages-360');
    await card
      .getByLabel(`Reply to ${email}`)
      .fill('It was paid this morning.\n\nThank you for your patience.');
    await card.getByRole('button', { name: 'Send reply' }).click();
    // Answered, it leaves the open list; the Answered list shows it with the reply kept.
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Answered' }).click();
    const answered = page.getByTestId('contact-message').filter({ hasText: email });
    await answered.getByTestId('contact-reply').waitFor();
    expect(await answered.getAttribute('data-state')).toBe('answered');
    expect(await answered.getByTestId('contact-reply').textContent()).toContain('It was paid this morning.');

    const mails = await api<Array<{ subject: string; text: string }>>(
      baseURL,
      `/api/dev/mail?to=${encodeURIComponent(email)}`,
    );
    expect(mails[0]!.subject).toMatch(/^Re: your message to /);
    expect(mails[0]!.text).toContain('It was paid this morning.');
    expect(mails[0]!.text).toContain('My bonus has not arrived.');
    if (SHOTS) {
      await page.goto(`${baseURL}/admindashboard`);
      await page.getByTestId('owed-now').waitFor();
      await shot(page, 'dashboard-360');
      await page.goto(`${baseURL}/adminexports`);
      await page.getByRole('heading', { name: 'Exports', level: 1 }).waitFor();
      await shot(page, 'exports-360');
    }
    expect(problems).toEqual([]);
  });

  it('shows what the company owes from the ledger, with a chart, and opens the wallets behind "owed now"', async () => {
    await sponsorWithTwoFriends(baseURL, 'main');
    const owed = await api<{ owedNow: string; retained: string; feesReceived: string }>(
      baseURL,
      '/api/admin/liabilities?programme=main',
      { token },
    );
    expect(parseNairaString(owed.owedNow)).toBeGreaterThan(0);

    const page = await signIn(1280);
    const problems = watchPage(page);
    const view = page.getByTestId('liability-view');
    await view.getByTestId('owed-now').waitFor();
    expect(await view.getByTestId('owed-now').textContent()).toBe(
      formatNaira(parseNairaString(owed.owedNow)),
    );
    expect(await view.getByTestId('retained').textContent()).toBe(
      formatNaira(parseNairaString(owed.retained)),
    );
    await view.locator('.recharts-surface').first().waitFor();
    expect(
      await page.locator('[data-widget="MAIN USERS"] [data-testid="widget-caption"]').textContent(),
    ).toBe('Main members who have paid, all time; new paid members today');
    await shot(page, 'dashboard-1280');

    await view.getByRole('link', { name: /Owed to members now/ }).click();
    await page.waitForURL(/\/adminledger\?programme=main&view=wallets/);
    const balances = page.getByTestId('wallet-balance');
    await balances.first().waitFor();
    const sum = (await balances.locator('p.tabular-nums').allTextContents()).reduce(
      (s, t) => s + parseNairaString(t.replace(/[₦,]/g, '')),
      0,
    );
    // One page of wallets adds up to the figure; with more pages it is a part of it.
    if ((await page.getByRole('navigation', { name: 'Pages' }).count()) === 0)
      expect(sum).toBe(parseNairaString(owed.owedNow));
    else expect(sum).toBeLessThanOrEqual(parseNairaString(owed.owedNow));
    await shot(page, 'ledger-1280');
    if (SHOTS) {
      await page.goto(`${baseURL}/adminexports`);
      await page.getByRole('heading', { name: 'Exports', level: 1 }).waitFor();
      await shot(page, 'exports-1280');
    }
    expect(problems).toEqual([]);
  });
});
