import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, watchPage } from '../support/browser';

describe('navigation, carousel and accordion by touch and keyboard', () => {
  let browser: Browser;
  let page: Page;
  let problems: string[];
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    problems = watchPage(page);
  });
  afterAll(async () => browser?.close());

  it('opens the hamburger menu on a phone and closes it when an entry is chosen', async () => {
    await openPage(page, baseURL);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const entry = page.getByRole('link', { name: 'ABOUT US' });
    expect(await entry.isVisible()).toBe(false);
    await toggle.click();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    const labels = await page.locator('#nav-menu a').allTextContents();
    expect(labels).toEqual([
      'HOME',
      'ABOUT US',
      'MAIN PLATFORM',
      'WELCOME BACK PLATFORM',
      'SIGN UP',
      'CONTACT US',
      'MAKE PAYMENT',
      'LOGIN',
      'WELCOME BACK LOGIN',
    ]);
    expect(await page.getByRole('link', { name: 'LOGIN', exact: true }).getAttribute('href')).toBe(
      '/mainsignin',
    );
    expect(await page.getByRole('link', { name: 'WELCOME BACK LOGIN' }).getAttribute('href')).toBe(
      '/welcomebacksignin',
    );
    await entry.click();
    await page.waitForURL(`${baseURL}/about`);
    expect(await entry.isVisible()).toBe(false);
    // Focus moves to the new page's content, as a full page load would put it at the top.
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('works the menu from the keyboard: Enter opens it, Escape closes it and gives focus back', async () => {
    await openPage(page, baseURL);
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'CONTACT US' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('HOME');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('link', { name: 'CONTACT US' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('nav-menu');
  });

  it('shows every entry in the bar on a wide screen', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, baseURL);
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'attached' });
    expect(await page.getByRole('link', { name: 'MAKE PAYMENT' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    // Login goes to the Main sign-in, whose page offers the Welcome Back sign-in one tap away.
    await page.getByRole('link', { name: 'LOGIN', exact: true }).click();
    await page.waitForURL(`${baseURL}/mainsignin`);
    await page.getByRole('link', { name: 'Welcome Back login' }).click();
    await page.waitForURL(`${baseURL}/welcomebacksignin`);
    await page.setViewportSize({ width: 360, height: 780 });
  });

  it('plays the home carousel of three slides every 3 seconds, and lets a person pause it and move it by keyboard', async () => {
    await openPage(page, baseURL);
    const carousel = page.getByRole('region', { name: 'Highlights' });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await slides.first().waitFor();
    expect(await slides.count()).toBe(3);
    const current = () =>
      carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])').getAttribute('aria-label');
    expect(await current()).toBe('1 of 3');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[aria-roledescription="slide"]:not([aria-hidden="true"])')
          ?.getAttribute('aria-label') === '2 of 3',
      null,
      {
        timeout: 5000,
      },
    );
    await page.getByRole('button', { name: 'Pause the slides' }).click();
    await page.getByRole('button', { name: 'Play the slides' }).waitFor();
    const paused = await current();
    await page.waitForTimeout(3500);
    expect(await current()).toBe(paused);
    await page.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(800);
    expect(await current()).not.toBe(paused);
  });

  it('does not start the carousels for people who prefer reduced motion', async () => {
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 360, height: 780 },
    });
    const still = await context.newPage();
    await openPage(still, baseURL);
    await still.getByRole('button', { name: 'Play the slides' }).waitFor();
    await still.waitForTimeout(3500);
    expect(
      await still
        .locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')
        .getAttribute('aria-label'),
    ).toBe('1 of 3');
    await context.close();
  });

  it('opens and closes the 14 FAQ answers with the keyboard', async () => {
    await openPage(page, `${baseURL}/faq`);
    const questions = page.locator('details');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(14);
    const first = questions.first();
    expect(await first.getAttribute('open')).toBeNull();
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await first.getAttribute('open')).toBe('');
    expect(await first.locator('p').isVisible()).toBe(true);
    await page.keyboard.press('Space');
    expect(await first.getAttribute('open')).toBeNull();
  });

  it('shows a friendly 404 page with a way home', async () => {
    await openPage(page, `${baseURL}/nothing/here`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL(`${baseURL}/`);
    expect(problems).toEqual([]);
  });
});
