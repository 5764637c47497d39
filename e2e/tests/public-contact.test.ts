import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, toastSays } from '../support/browser';

describe('the Contact Us form', () => {
  let browser: Browser;
  let page: Page;
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  });
  afterAll(async () => browser?.close());

  it("shows each field's message for bad input, then 'Successful!' and an empty form for good input", async () => {
    await page.goto(`${baseURL}/contact`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Enter your name').waitFor();
    await page.getByText('Enter a message').waitFor();
    expect(await page.getByText('Enter an email address').count()).toBe(1);
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('Email', { exact: true }).blur();
    await page.getByText('Enter a valid email address').waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Emeka Visitor');
    await page.getByLabel('Email', { exact: true }).fill(`visitor.${Date.now()}@example.com`);
    await page.getByLabel('Message', { exact: true }).fill('How do I pay the registration fee?');
    await page.getByRole('button', { name: 'Submit' }).click();
    // The confirmation waits for no tap (issue 38): a toast, and no popup.
    expect(await toastSays(page, 'Successful!')).toContain('Your message has been sent');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
  });
});
