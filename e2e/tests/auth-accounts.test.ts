import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchPage, toastSays } from '../support/browser';

const baseURL = inject('baseURL');

const programmes = [
  {
    programme: 'main',
    signup: '/mainsignup',
    signin: '/mainsignin',
    forgot: '/mainforgotpassword',
    success: '/mainsuccess',
    dashboard: '/maindashboard',
    resetDone: '/mainresetpasswordconfirmation',
    updatePassword: '/mainupdatepassword',
    resetTitle: 'MAIN PLATFORM PASSWORD RESET',
    signupCall: '/api/auth/signup',
    loginCall: '/api/auth/login',
  },
  {
    programme: 'welcomeback',
    signup: '/welcomebacksignup',
    signin: '/welcomebacksignin',
    forgot: '/welcomebackforgotpassword',
    success: '/welcomebacksuccess',
    dashboard: '/welcomebackdashboard',
    resetDone: '/welcomebackresetpasswordconfirmation',
    updatePassword: '/welcomebackupdatepassword',
    resetTitle: 'WELCOME BACK PLATFORM PASSWORD RESET',
    signupCall: '/api/auth/welcome',
    loginCall: '/api/auth/loginwelc',
  },
] as const;

/** The newest link of the newest mail to an address whose subject matches, from the development outbox. */
async function mailedLink(email: string, subject: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await (await fetch(`${baseURL}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as {
      subject: string;
      links: string[];
    }[];
    const mail = mails.find((m) => subject.test(m.subject));
    if (mail?.links[0]) return mail.links[0];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail matching ${subject} to ${email}`);
}

/** Holds a call for a moment so the form's loading label can be seen. */
async function slowDown(page: Page, path: string) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
}

async function dialogSays(page: Page, title: string, message: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? '';
  if (typeof message === 'string') expect(text).toContain(message);
  else expect(text).toMatch(message);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A success is a toast that waits for no tap (issue 38): no popup opens, and the page moves on by itself. */
async function toastThenNoPopup(page: Page, title: string, message: string | RegExp) {
  const text = await toastSays(page, title);
  if (typeof message === 'string') expect(text).toContain(message);
  else expect(text).toMatch(message);
  expect(await page.getByRole('dialog').count()).toBe(0);
}

async function fieldError(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  const id = await field.getAttribute('aria-describedby');
  const errorId = id?.split(' ').find((part) => part.endsWith('-error'));
  if (!errorId) return null;
  return page.locator(`[id="${errorId}"]`).textContent();
}

describe.each(programmes)(
  'the $programme programme: sign-up, confirmation, sign-in and password reset in the browser',
  (screens) => {
    let browser: Browser;
    let page: Page;
    let problems: string[];
    const email = `ada.${screens.programme}.${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const newPassword = 'another good password';

    beforeAll(async () => {
      browser = await launchBrowser();
      page = await browser.newPage({ viewport: { width: 360, height: 780 } });
      problems = watchPage(page);
    });
    afterAll(async () => browser?.close());

    it('shows the shared schema messages beside each field for bad input, and sends nothing', async () => {
      let calls = 0;
      page.on('request', (request) => request.url().endsWith(screens.signupCall) && calls++);
      await page.goto(baseURL + screens.signup, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Register' }).click();
      expect(await fieldError(page, 'Full Names')).toBe('Enter your Full Names');
      expect(await fieldError(page, 'Email')).toBe('Enter an email address');
      expect(await fieldError(page, 'Phone')).toBe('Enter Phone number');
      expect(await fieldError(page, 'Address')).toBe('Enter a valid address');
      expect(await fieldError(page, 'Password')).toBe('Enter a password with 8-64 characters');
      expect(await fieldError(page, 'Confirm Password')).toBe('Confirm your password');
      expect(await page.getByText('You must accept the terms and conditions').count()).toBe(1);
      await page.getByLabel('Email', { exact: true }).fill('not-an-email');
      await page.getByLabel('Phone', { exact: true }).fill('0803');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm Password', { exact: true }).fill('different');
      await page.getByRole('button', { name: 'Register' }).click();
      expect(await fieldError(page, 'Email')).toBe('Provide a valid email address');
      expect(await fieldError(page, 'Phone')).toBe('too short');
      expect(await fieldError(page, 'Password')).toBe('Enter a password with 8-64 characters');
      await page.getByLabel('Phone', { exact: true }).fill('01234567890');
      await page.getByRole('button', { name: 'Register' }).click();
      expect(await fieldError(page, 'Phone')).toBe('Phone number is not valid');
      // The schema compares the two passwords once every field is acceptable on its own.
      await page.getByLabel('Full Names').fill('Ada Obi');
      await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
      await page.getByLabel('Phone', { exact: true }).fill('08031234567');
      await page.getByLabel('Address').fill('1 Marina, Lagos');
      await page.getByLabel('Password', { exact: true }).fill('long enough');
      await page.getByLabel(/I have read and accept/).check();
      await page.getByRole('button', { name: 'Register' }).click();
      expect(await fieldError(page, 'Password')).toBeNull();
      expect(await fieldError(page, 'Confirm Password')).toBe('Passwords must match');
      expect(calls).toBe(0);
    });

    it("registers with good input: 'Registering', then 'Successful!' and the email-confirmation notice", async () => {
      await page.goto(baseURL + screens.signup, { waitUntil: 'load' });
      await page.getByLabel('Full Names').fill('Ada Obi');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Phone', { exact: true }).fill('08031234567');
      await page.getByLabel('Address').fill('1 Marina, Lagos');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password', { exact: true }).fill(password);
      await page.getByLabel(/I have read and accept/).check();
      await slowDown(page, screens.signupCall);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByRole('button', { name: 'Registering' }).waitFor();
      expect(await page.getByRole('button', { name: 'Registering' }).isDisabled()).toBe(true);
      await toastThenNoPopup(page, 'Successful!', 'Registration is Successful');
      await page.waitForURL(baseURL + screens.success);
      await page.getByRole('heading', { name: 'Registration is Successful' }).waitFor();
      expect(await page.locator('main').textContent()).toContain(email);
      expect(await page.getByRole('link', { name: 'Click Here to Login' }).getAttribute('href')).toBe(
        screens.signin,
      );
    });

    it("refuses a second registration with the same email: 'Failed' with the server's message", async () => {
      await page.goto(baseURL + screens.signup, { waitUntil: 'load' });
      await page.getByLabel('Full Names').fill('Ada Obi');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Phone', { exact: true }).fill('08031234567');
      await page.getByLabel('Address').fill('1 Marina, Lagos');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password', { exact: true }).fill(password);
      await page.getByLabel(/I have read and accept/).check();
      await page.getByRole('button', { name: 'Register' }).click();
      await dialogSays(page, 'Failed', 'An account with this email already exists');
      expect(new URL(page.url()).pathname).toBe(screens.signup);
    });

    it('offers a new confirmation link when the email is not confirmed yet', async () => {
      await page.goto(baseURL + screens.signin, { waitUntil: 'load' });
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Please confirm your email address first').waitFor();
      await page.getByRole('button', { name: 'Send me a new confirmation link' }).click();
      await page.getByText('we have sent it a new confirmation link').waitFor();
    });

    it('confirms the email from the mailed link', async () => {
      const link = await mailedLink(email, /Confirm your email/);
      expect(link).toContain('/confirmemail?token=');
      await page.goto(link, { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
      expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(screens.signin);
      expect(await page.locator('main').textContent()).not.toMatch(/log ?in/i);
    });

    it("signs in: bad input shows the messages, a wrong password 'Failed', the right one 'Login in...', 'Successful!' and the dashboard", async () => {
      await page.goto(baseURL + screens.signin, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Login' }).click();
      expect(await fieldError(page, 'Email')).toBe('Email address is required');
      expect(await fieldError(page, 'Password')).toBe('Password is required');
      await page.getByLabel('Email').fill('nobody');
      expect(await fieldError(page, 'Email')).toBe('Invalid email address');

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Login' }).click();
      await dialogSays(page, 'Failed', 'The email or password is not correct.');
      expect(await page.getByLabel('Password').inputValue()).toBe('');

      await page.getByLabel('Password').fill(password);
      await slowDown(page, screens.loginCall);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('button', { name: 'Login in...' }).waitFor();
      await toastThenNoPopup(page, 'Successful!', /./);
      await page.waitForURL(baseURL + screens.dashboard);
      await page.unrouteAll();
    });

    it('resets a forgotten password through the mailed link, then signs in with the new one', async () => {
      await page.goto(baseURL + screens.forgot, { waitUntil: 'load' });
      await page.getByRole('button', { name: 'Reset' }).click();
      expect(await fieldError(page, 'Email')).toBe('Enter an email address');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Reset' }).click();
      const answer = page.getByRole('status').filter({ hasText: /reset|link/i });
      await answer.waitFor();
      expect(new URL(page.url()).pathname).toBe(screens.forgot);

      const link = await mailedLink(email, /Reset your/);
      await page.goto(link, { waitUntil: 'load' });
      await page.getByRole('heading', { name: screens.resetTitle }).waitFor();
      await page.getByRole('button', { name: 'Change Password' }).click();
      expect(await fieldError(page, 'New Password')).toBe('Enter a password with 8-64 characters');
      expect(await fieldError(page, 'Confirm Password')).toBe('Confirm your password');
      await page.getByLabel('New Password').fill('long enough');
      await page.getByLabel('Confirm Password').fill('not the same');
      await page.getByRole('button', { name: 'Change Password' }).click();
      expect(await fieldError(page, 'Confirm Password')).toBe('Passwords must match');
      await page.getByLabel('New Password').fill(newPassword);
      await page.getByLabel('Confirm Password').fill(newPassword);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await toastThenNoPopup(page, 'Successful!', /./);
      await page.waitForURL(baseURL + screens.resetDone);
      await page.getByRole('heading', { name: 'Password changed' }).waitFor();

      // The link works once.
      await page.goto(link, { waitUntil: 'load' });
      await page.getByLabel('New Password').fill(newPassword);
      await page.getByLabel('Confirm Password').fill(newPassword);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await dialogSays(page, 'Failed', /./);

      const login = await fetch(baseURL + screens.loginCall, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: newPassword }),
      });
      expect(login.status).toBe(200);
      // The refused calls above (wrong password, used link) are the only errors the browser logged.
      expect(problems.filter((p) => !/status of (401|403|400|409)/.test(p))).toEqual([]);
    });

    it("changes the password on Update Password: 'Successful!' in a toast, then the confirmation page", async () => {
      const changed = 'a third good password';
      await page.goto(baseURL + screens.signin, { waitUntil: 'load' });
      await page.locator('html[data-running]').waitFor({ state: 'attached' });
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(newPassword);
      await page.getByRole('button', { name: 'Login' }).click();
      await toastThenNoPopup(page, 'Successful!', /./);
      await page.waitForURL(baseURL + screens.dashboard);
      await page.goto(baseURL + screens.updatePassword);
      await page.getByLabel('Current password').fill(newPassword);
      await page.getByLabel('New password', { exact: true }).fill(changed);
      await page.getByLabel('Confirm new password').fill(changed);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await toastThenNoPopup(page, 'Successful!', /./);
      await page.waitForURL(baseURL + screens.resetDone);
      const login = await fetch(baseURL + screens.loginCall, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: changed }),
      });
      expect(login.status).toBe(200);
    });
  },
);
