import { formatNaira, getPlan, stageTotalKobo } from '@coop/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage } from '../support/browser';

const main = getPlan('main');
const wb = getPlan('welcomeback');

/** Every public route of spec 2.1: its h1 and a piece of key content. */
const routes: { path: string; heading: string | RegExp; content: (string | RegExp)[] }[] = [
  { path: '/', heading: /financial security/, content: ['Actualizing business dreams', 'Are you a…', 'Do you want…', 'What we offer', 'Social services'] },
  { path: '/about', heading: 'About Us', content: ['Our vision', 'Your pathway', 'Be a partner / Sign Up!'] },
  { path: '/contact', heading: 'Contact Us', content: ['Lagos, Nigeria', 'support@example.com', 'Send us a message'] },
  { path: '/getstarted', heading: 'CHOOSE PLATFORM OF CHOICE', content: ['MAIN PLATFORM', 'WELCOME BACK PLATFORM', formatNaira(main.feeKobo), formatNaira(wb.feeKobo)] },
  { path: '/payment', heading: 'CHOOSE PLATFORM FOR PAYMENT', content: ['MAIN PLATFORM', 'WELCOME BACK PLATFORM'] },
  { path: '/terms', heading: 'Terms and Conditions', content: ['7 business days', '12 months', '14 days', 'cannot be converted to cash', 'not refundable'] },
  { path: '/faq', heading: 'Frequently Asked Questions', content: ['Can awards be paid in cash?'] },
  { path: '/main', heading: 'Membership (Main) Platform', content: ['Eldorado', 'Golden Crown Partner', formatNaira(stageTotalKobo(main, main.stages[6]!))] },
  { path: '/welcomeback', heading: 'Welcome Back Platform', content: ['Thank You', 'How to register', formatNaira(stageTotalKobo(wb, wb.stages[3]!))] },
  { path: '/mainsignin', heading: 'Membership (Main) Platform Login', content: ['Forgot Password', 'Register'] },
  { path: '/mainsignup', heading: 'Membership (Main) Platform Registration', content: ['Full Names', 'Referral Code (optional)'] },
  { path: '/mainforgotpassword', heading: 'Forgot your password?', content: ['reset your password'] },
  { path: '/mainresetpassword?token=abcdefghijklmnopqrstuvwxyz', heading: 'MAIN PLATFORM PASSWORD RESET', content: ['Change Password'] },
  { path: '/mainresetpassword', heading: 'MAIN PLATFORM PASSWORD RESET', content: ['needs the link from your password-reset email'] },
  { path: '/mainresetpasswordconfirmation', heading: 'Password changed', content: ['log in to the Membership (Main) Platform with your new password'] },
  { path: '/mainresetconfirmation', heading: 'Password changed', content: ['with your new password'] },
  { path: '/mainupdatesuccess', heading: 'Bank details saved', content: ['successfully updated', 'Go to dashboard'] },
  { path: '/mainsuccess', heading: 'Registration is Successful', content: ['Check your email', 'Click Here to Login'] },
  { path: '/welcomebacksignin', heading: 'Welcome Back Platform Login', content: ['Forgot Password'] },
  { path: '/welcomebacksignup', heading: 'Welcome Back Platform Registration', content: ['terms and conditions'] },
  { path: '/welcomebackforgotpassword', heading: 'Forgot your password?', content: ['Welcome Back Platform account'] },
  { path: '/welcomebackresetpassword?token=abcdefghijklmnopqrstuvwxyz', heading: 'WELCOME BACK PLATFORM PASSWORD RESET', content: ['Change Password'] },
  { path: '/welcomebackresetpasswordconfirmation', heading: 'Password changed', content: ['Welcome Back Platform'] },
  { path: '/welcomebackupdatesuccess', heading: 'Bank details saved', content: ['GO TO DASHBOARD'] },
  { path: '/welcomebacksuccess', heading: 'Registration is Successful', content: ['Check your email', 'Click Here to Login'] },
  { path: '/admin', heading: 'Admin Login', content: ['Email', 'Password'] },
  { path: '/confirmemail', heading: 'Confirmation link not valid', content: ['Login to the Membership (Main) Platform'] },
  { path: '/no-such-page', heading: 'Page not found', content: ['Go home'] },
];

const aliases: [from: string, to: string][] = [
  ['/About', '/about'],
  ['/Contact', '/contact'],
  ['/Terms&condition', '/terms'],
  ['/Welcomeback', '/welcomeback'],
  ['/mainSignin', '/mainsignin'],
];

describe('public routes', () => {
  let browser: Browser;
  let page: Page;
  let problems: string[];
  const scripts = new Set<string>();
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    problems = watchPage(page);
    page.on('request', (request) => request.resourceType() === 'script' && scripts.add(new URL(request.url()).pathname));
  });
  afterAll(async () => browser?.close());
  // Each test answers for its own page loads; an image cut short because the next test navigates away is no fault.
  beforeEach(() => {
    problems.length = 0;
  });

  it.each(routes)('$path shows its heading and key content inside the layout, without sideways scrolling at 360 px', async ({ path, heading, content }) => {
    await page.goto(baseURL + path, { waitUntil: 'load' });
    const h1 = page.getByRole('heading', { level: 1 });
    await h1.waitFor({ state: 'attached' });
    expect(await h1.count()).toBe(1);
    if (typeof heading === 'string') expect((await h1.textContent())?.trim()).toBe(heading);
    else expect(await h1.textContent()).toMatch(heading);
    const text = (await page.locator('main').textContent()) ?? '';
    for (const piece of content) {
      if (typeof piece === 'string') expect(text).toContain(piece);
      else expect(text).toMatch(piece);
    }
    if (typeof heading === 'string' && !['/getstarted', '/payment'].includes(path)) {
      // The tab's title names the page too (what a screen reader announces on arrival).
      await page.waitForFunction((name) => document.title.startsWith(name), heading, { timeout: 5000 });
    }
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'attached' });
    expect(await page.locator('footer').textContent()).toContain(String(new Date().getFullYear()));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
  });

  it.each(aliases)('%s redirects to %s and keeps the query', async (from, to) => {
    await page.goto(`${baseURL}${from}?ref=ABC123`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(to);
    expect(url.searchParams.get('ref')).toBe('ABC123');
    expect(problems).toEqual([]);
  });

  it('shows both stage tables read from the plan', async () => {
    for (const [path, plan] of [['/main', main], ['/welcomeback', wb]] as const) {
      await page.goto(baseURL + path, { waitUntil: 'load' });
      const rows = page.locator('table tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(plan.stages.length);
      for (const stage of plan.stages) {
        const row = rows.nth(stage.number);
        expect(await row.textContent()).toContain(stage.name);
        expect(await row.textContent()).toContain(formatNaira(stageTotalKobo(plan, stage)));
      }
      expect(await page.getByRole('link', { name: 'REGISTER NOW' }).first().getAttribute('href')).toBe(plan.programme === 'main' ? '/mainsignup' : '/welcomebacksignup');
    }
  });

  it('leads the choosers to the sign-up and payment pages', async () => {
    await page.goto(`${baseURL}/getstarted?ref=ABC123`, { waitUntil: 'load' });
    expect(await page.getByRole('link', { name: /MAIN PLATFORM/ }).getAttribute('href')).toBe('/mainsignup?ref=ABC123');
    expect(await page.getByRole('link', { name: /WELCOME BACK PLATFORM/ }).getAttribute('href')).toBe('/welcomebacksignup?ref=ABC123');
    await page.goto(`${baseURL}/payment`, { waitUntil: 'load' });
    expect(await page.getByRole('link', { name: /MAIN PLATFORM/ }).getAttribute('href')).toBe('/mainpaystack');
    expect(await page.getByRole('link', { name: /WELCOME BACK PLATFORM/ }).getAttribute('href')).toBe('/welcomepaystack');
  });

  it('never loaded a chunk of the member or admin areas on any public page', () => {
    expect(scripts.size).toBeGreaterThan(10);
    const privateChunks = [...scripts].filter((file) => /\/assets\/(member-|admin-|use-member-area|dashboard-page|wallet-page|matrix-page|users-page|payouts-page)/.test(file));
    expect(privateChunks).toEqual([]);
  });

  it('hides the social icons when the site configuration has none', async () => {
    await page.goto(`${baseURL}/contact`, { waitUntil: 'networkidle' });
    expect(await page.getByRole('list', { name: 'Social media' }).count()).toBe(0);
  });
});
