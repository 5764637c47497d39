// Screenshots of every member screen of both programmes: a sponsor signs up, confirms from the outbox mail,
// signs in, pays in the sandbox checkout; two friends join with the sponsor's code and pay, so the
// dashboard, wallet history and matrix have real figures.

import { MEMBER_PASSWORD as password, sponsorWithReferrals } from '../../support/members.ts';

let counter = 0;

async function api(baseURL, path, { method = 'GET', body, token } = {}) {
  const res = await fetch(baseURL + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  const data = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return data;
}

const calls = {
  main: { signup: '/auth/signup', login: '/auth/login', pay: '/auth/process-payment' },
  welcomeback: { signup: '/auth/welcome', login: '/auth/loginwelc', pay: '/auth/welcomepaystack' },
};

/** Signs up through the API and confirms from the outbox mail, as a person following the link would. */
async function signUpAndConfirm(baseURL, programme, fullName, referralCode) {
  const email = `${programme}-${Date.now()}-${++counter}@example.com`;
  await api(baseURL, `/api${calls[programme].signup}`, {
    method: 'POST',
    body: {
      fullName,
      email,
      phone: '08031234567',
      address: '12 Allen Avenue, Ikeja',
      password,
      confirmPassword: password,
      referralCode,
      acceptTerms: true,
    },
  });
  const mails = await api(baseURL, `/api/dev/mail?to=${encodeURIComponent(email)}`);
  const link = mails.flatMap((m) => m.links).find((l) => l.includes('/confirmemail?token='));
  await api(baseURL, '/api/auth/confirm-email', {
    method: 'POST',
    body: { token: new URL(link).searchParams.get('token') },
  });
  return email;
}

/** A friend who pays without a browser: the same calls the pages make, and the sandbox's Pay button. */
async function friendPays(baseURL, programme, fullName, referralCode) {
  const email = await signUpAndConfirm(baseURL, programme, fullName, referralCode);
  const { token } = await api(baseURL, `/api${calls[programme].login}`, {
    method: 'POST',
    body: { email, password },
  });
  const { reference } = await api(baseURL, `/api${calls[programme].pay}`, {
    method: 'POST',
    body: { email },
    token,
  });
  await api(baseURL, `/sandbox/paystack/checkout/${reference}`, {
    method: 'POST',
    body: { outcome: 'success' },
  });
  for (let i = 0; i < 20; i++) {
    const status = await api(baseURL, `/api/payments/${reference}`, { token });
    if (status.paid) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The payment of ${fullName} did not settle`);
}

async function ready(page) {
  await page.locator('#boot-loader').waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Signs in on the page as a person does, and waits for the dashboard. */
async function signInOnPage(page, url, email) {
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('toast').waitFor();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

async function programmeScreens({ browser, baseURL, shoot, outDir }, programme) {
  const p =
    programme === 'main'
      ? { prefix: 'main', signin: '/mainsignin', pay: '/mainpaystack' }
      : { prefix: 'welcomeback', signin: '/welcomebacksignin', pay: '/welcomepaystack' };
  const path = (name) => `/${programme === 'main' ? 'main' : 'welcomeback'}${name}`;
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  // A script error in a member page fails the run with its message.
  page.on('pageerror', (error) => console.error(`page error on ${page.url()}: ${error.message}`));
  const email = await signUpAndConfirm(baseURL, programme, 'Adaeze Okonkwo');

  await signInOnPage(page, baseURL + p.signin, email);
  await page.getByText('Complete your payment').first().waitFor();
  await ready(page);
  await shoot(page, `member-${p.prefix}-dashboard-unpaid`);

  await page.goto(baseURL + p.pay, { waitUntil: 'load' });
  await ready(page);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('link', { name: 'PAY NOW' }).waitFor();
  await shoot(page, `member-${p.prefix}-payment`);
  await page.getByRole('link', { name: 'PAY NOW' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
  await ready(page);
  await shoot(page, `member-${p.prefix}-payment-return`);

  // Paid, nothing earned yet: the first step instead of figures.
  await page.goto(baseURL + (programme === 'main' ? '/maindashboard' : '/welcomebackdashboard'), {
    waitUntil: 'load',
  });
  await ready(page);
  await page.getByTestId('first-step').waitFor();
  await shoot(page, `member-${p.prefix}-dashboard-new`);

  await page.goto(baseURL + path('referralcode'), { waitUntil: 'load' });
  await ready(page);
  const code = (await page.getByTestId('referral-code').textContent()).trim();
  await shoot(page, `member-${p.prefix}-referralcode`);

  await friendPays(baseURL, programme, 'Bola Adewale', code);
  await friendPays(baseURL, programme, 'Chidi Eze', code);

  const screens = [
    ['dashboard', programme === 'main' ? '/maindashboard' : '/welcomebackdashboard'],
    ['wallet', path('wallet')],
    ['matrix', path('matrix')],
    ['awards', path('awards')],
    ['bankdetails', path('bankdetails')],
    ['updatepassword', path('updatepassword')],
    ['close', path('close')],
    ['notifications', path('notifications')],
    ['mailsettings', path('mailsettings')],
    ...(programme === 'main' ? [['grant', '/maingrant']] : []),
  ];
  for (const [name, url] of screens) {
    await page.goto(baseURL + url, { waitUntil: 'load' });
    await ready(page);
    await shoot(page, `member-${p.prefix}-${name}`);
  }

  // The drawer on a phone, and the bank form's messages.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.screenshot({ path: `${outDir}/member-${p.prefix}-drawer-360.png` });
  await page.keyboard.press('Escape');
  await page.goto(baseURL + path('bankdetails'), { waitUntil: 'load' });
  await ready(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Please enter your account number').waitFor();
  await shoot(page, `member-${p.prefix}-bankdetails-errors`);
  await page.getByLabel('Account type').selectOption('savings');
  await page.getByLabel('Account number').fill('0123456789');
  await page.getByLabel('Account name').fill('Sandbox Test Account');
  await page.getByLabel('Bank', { exact: true }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByTestId('toast').waitFor();
  await page.goto(baseURL + path('bankdetails'), { waitUntil: 'load' });
  await page.getByTestId('saved-bank-details').waitFor();
  await ready(page);
  await shoot(page, `member-${p.prefix}-bankdetails-confirmed`);
  await context.close();
}

/** A Main member whose 14 referrals completed Honourable: awards earned, the health fee in the wallet, a full matrix. */
async function chairmanScreens({ browser, baseURL, shoot }) {
  const { email } = await sponsorWithReferrals(baseURL, 'main', 'Musa Idris', 14);
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error on ${page.url()}: ${error.message}`));
  await signInOnPage(page, `${baseURL}/mainsignin`, email);
  await ready(page);
  await shoot(page, 'member-main-chairman-dashboard');
  for (const [name, url] of [
    ['wallet', '/mainwallet'],
    ['wallet-healthfee', '/mainwallet?kind=deductions'],
    ['matrix', '/mainmatrix'],
  ]) {
    await page.goto(baseURL + url, { waitUntil: 'load' });
    await ready(page);
    await shoot(page, `member-main-chairman-${name}`);
  }
  await page.getByLabel('Search your matrix by name').fill('number1');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('matrix-found').first().waitFor();
  await shoot(page, 'member-main-chairman-matrix-search');
  await context.close();
}

export default async function memberScreens(options) {
  await programmeScreens(options, 'main');
  await programmeScreens(options, 'welcomeback');
  await chairmanScreens(options);
  // The closure mail's link, opened without signing in (an invalid token shows its message).
  const context = await options.browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${options.baseURL}/confirmclosure?token=not-a-real-closure-token-0123456789`, {
    waitUntil: 'load',
  });
  await ready(page);
  await page.getByText('This link does not work').waitFor();
  await options.shoot(page, 'member-confirmclosure-invalid');
  await context.close();
}
