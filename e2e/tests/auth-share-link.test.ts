import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage, toastSays } from '../support/browser';

const baseURL = inject('baseURL');

async function post(path: string, body: unknown) {
  const res = await fetch(baseURL + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A confirmed Main account made through the real API; its referral code is what a share link carries. */
async function sponsorCode(): Promise<string> {
  const email = `sponsor.${Date.now()}@example.com`;
  const password = 'sponsor password';
  const signup = await post('/api/auth/signup', {
    fullName: 'Chidi Sponsor',
    email,
    phone: '08031234568',
    address: '2 Broad Street, Lagos',
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  expect(signup.status).toBe(201);
  const mails = (await (await fetch(`${baseURL}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as {
    links: string[];
  }[];
  const token = new URL(mails[0]!.links[0]!).searchParams.get('token');
  expect((await post('/api/auth/confirm-email', { token })).status).toBe(200);
  const login = await post('/api/auth/login', { email, password });
  expect(login.status).toBe(200);
  return (login.body.user as { referralCode: string }).referralCode;
}

describe('a sign-up from a share link', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('fills in the referral code, sends it, and ends on the email-confirmation notice', async () => {
    const code = await sponsorCode();
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const problems = watchPage(page);
    // The link a member shares: the public site address and the sign-up entry with ?ref=CODE.
    await page.goto(`${baseURL}/getstarted?ref=${code}`, { waitUntil: 'load' });
    await page.getByRole('link', { name: /MAIN PLATFORM/ }).click();
    await page.waitForURL(`${baseURL}/mainsignup?ref=${code}`);
    expect(await page.getByLabel('Referral Code (optional)').inputValue()).toBe(code);

    const email = `referred.${Date.now()}@example.com`;
    await page.getByLabel('Full Names').fill('Ngozi Referred');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('09031234567');
    await page.getByLabel('Address').fill('3 Allen Avenue, Ikeja');
    await page.getByLabel('Password', { exact: true }).fill('referred password');
    await page.getByLabel('Confirm Password', { exact: true }).fill('referred password');
    await page.getByLabel(/I have read and accept/).check();
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/signup'));
    await page.getByRole('button', { name: 'Register' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ email, referralCode: code, acceptTerms: true });
    expect(await toastSays(page, 'Successful!')).toContain('Registration is Successful');
    await page.waitForURL(`${baseURL}/mainsuccess`);
    await page.getByRole('link', { name: 'Click Here to Login' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Check your email');
    expect(problems).toEqual([]);
  });

  it("shows the server's message when the code belongs to no account", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${baseURL}/welcomebacksignup?ref=NOSUCH99`, { waitUntil: 'load' });
    expect(await page.getByLabel('Referral Code (optional)').inputValue()).toBe('NOSUCH99');
    await page.getByLabel('Full Names').fill('Bola Wrongcode');
    await page.getByLabel('Email', { exact: true }).fill(`wrongcode.${Date.now()}@example.com`);
    await page.getByLabel('Phone', { exact: true }).fill('07031234567');
    await page.getByLabel('Address').fill('4 Ring Road, Ibadan');
    await page.getByLabel('Password', { exact: true }).fill('a fine password');
    await page.getByLabel('Confirm Password', { exact: true }).fill('a fine password');
    await page.getByLabel(/I have read and accept/).check();
    await page.getByRole('button', { name: 'Register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Failed' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('This referral code does not exist');
  });
});
