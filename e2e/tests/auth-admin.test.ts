import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, toastSays } from '../support/browser';

describe('the admin login', () => {
  let browser: Browser;
  let page: Page;
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  });
  afterAll(async () => browser?.close());

  it("shows the field messages for empty input, 'Failed' for a wrong password and 'Login Successful!' then the admin dashboard for the demo administrator", async () => {
    await page.goto(`${baseURL}/admin`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email address is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    const failed = page.getByRole('dialog', { name: 'Failed' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain('The email or password is not correct.');
    await failed.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Password').fill('demo-admin-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await toastSays(page, 'Login Successful!');
    await page.waitForURL((url) => url.pathname !== '/admin');
    expect(new URL(page.url()).pathname).toBe('/admindashboard');
  });
});
