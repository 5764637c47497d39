import { toastSays } from './browser';
import type { Programme } from '@coop/core';
import type { Page } from 'playwright-core';

/**
 * Members made through the platform's own HTTP API, the way the pages do it: sign-up, the confirmation link
 * from the development outbox, sign-in, payment started and paid in the sandbox checkout. For tests and
 * screenshot scripts that need members with real money in their wallets without driving every page.
 */
export const MEMBER_PASSWORD = 'a good password 1';
let counter = 0;

const calls = {
  main: { signup: '/auth/signup', login: '/auth/login', pay: '/auth/process-payment' },
  welcomeback: { signup: '/auth/welcome', login: '/auth/loginwelc', pay: '/auth/welcomepaystack' },
} as const;

let callCounter = 0;
/**
 * Calls that name no address come from one of their own: the suite runs many people's journeys against one
 * platform from one machine, and the per-address limits (a cybercafé's worth of people) would otherwise be
 * spent by the suite itself. Per-account limits still apply as they would for real.
 */
function callAddress() {
  callCounter += 1;
  return `10.${(process.pid & 63) + 64}.${(callCounter >> 8) & 255}.${callCounter & 255}`;
}

export async function api<T = unknown>(
  baseURL: string,
  path: string,
  {
    method = 'GET',
    body,
    token,
    address,
    userAgent,
  }: { method?: string; body?: unknown; token?: string; address?: string; userAgent?: string } = {},
): Promise<T> {
  const res = await fetch(baseURL + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // The e2e platform trusts one proxy hop (TRUST_PROXY=1): this is the address the platform sees.
      'x-forwarded-for': address ?? callAddress(),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}

/**
 * Each member is a different person: a phone number and a network address of their own, so the platform's
 * fraud signals (a referral with the sponsor's phone or address, many sign-ups from one address) see what
 * they would see for real and do not hold the test members' payouts.
 */
function person() {
  counter += 1;
  const unique = (Date.now() * 16 + counter) % 100_000_000;
  return {
    phone: `080${String(unique).padStart(8, '0')}`,
    address: `172.${16 + (process.pid & 15)}.${(counter >> 8) & 255}.${counter & 255}`,
  };
}

/** Signs up and confirms from the outbox mail; returns the new account's email. */
export async function signUpAndConfirm(
  baseURL: string,
  programme: Programme,
  fullName: string,
  referralCode?: string,
  /** The browser the member signs up from, as its user-agent string; Node's own when not given. */
  userAgent?: string,
): Promise<string> {
  const email = `${programme}-${Date.now()}-${counter + 1}@example.com`;
  const { phone, address } = person();
  await api(baseURL, `/api${calls[programme].signup}`, {
    method: 'POST',
    address,
    userAgent,
    body: {
      fullName,
      email,
      phone,
      address: '12 Allen Avenue, Ikeja',
      password: MEMBER_PASSWORD,
      confirmPassword: MEMBER_PASSWORD,
      referralCode,
      acceptTerms: true,
    },
  });
  // The mail worker sends the queued confirmation once the sign-up has committed: give it a few seconds.
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 100));
    const mails = await api<{ links: string[] }[]>(baseURL, `/api/dev/mail?to=${encodeURIComponent(email)}`);
    link = mails.flatMap((m) => m.links).find((l) => l.includes('/confirmemail?token='));
  }
  if (!link) throw new Error(`No confirmation link was mailed to ${email}`);
  await api(baseURL, '/api/auth/confirm-email', {
    method: 'POST',
    body: { token: new URL(link).searchParams.get('token') },
  });
  return email;
}

export async function signIn(baseURL: string, programme: Programme, email: string) {
  return api<{ token: string; user: { referralCode: string } }>(baseURL, `/api${calls[programme].login}`, {
    method: 'POST',
    body: { email, password: MEMBER_PASSWORD },
  });
}

/** Starts the payment and presses Pay in the sandbox checkout; waits until the platform has settled it. */
/** `success_fees`: the sandbox's "Pay, fees added for the customer" (the card charged the fee plus Paystack's fees). */
export async function pay(
  baseURL: string,
  programme: Programme,
  email: string,
  token: string,
  outcome: 'success' | 'success_fees' = 'success',
) {
  const { reference } = await api<{ reference: string }>(baseURL, `/api${calls[programme].pay}`, {
    method: 'POST',
    body: { email },
    token,
  });
  await api(baseURL, `/sandbox/paystack/checkout/${reference}`, {
    method: 'POST',
    body: { outcome },
  });
  for (let i = 0; i < 100; i++) {
    const status = await api<{ paid: boolean }>(baseURL, `/api/payments/${reference}`, { token });
    if (status.paid) return reference;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The payment ${reference} did not settle`);
}

/** A paid member: signed up under `referralCode` (if any), confirmed, paid. */
export async function paidMember(
  baseURL: string,
  programme: Programme,
  fullName: string,
  referralCode?: string,
  outcome: 'success' | 'success_fees' = 'success',
) {
  const email = await signUpAndConfirm(baseURL, programme, fullName, referralCode);
  const session = await signIn(baseURL, programme, email);
  await pay(baseURL, programme, email, session.token, outcome);
  return { email, referralCode: session.user.referralCode, token: session.token };
}

/** A paid sponsor whose two friends joined with its code and paid: the sponsor's wallet holds their bonuses. */
export async function sponsorWithTwoFriends(
  baseURL: string,
  programme: Programme,
  names = ['Adaeze Okonkwo', 'Bola Adewale', 'Chidi Eze'],
) {
  const sponsor = await paidMember(baseURL, programme, names[0]!);
  const friends = [];
  for (const name of names.slice(1, 3))
    friends.push(await paidMember(baseURL, programme, name, sponsor.referralCode));
  return { sponsor, friends };
}

/** A paid sponsor and `count` paid members who joined with its code (14 complete Main stage 2, Honourable). */
export async function sponsorWithReferrals(
  baseURL: string,
  programme: Programme,
  sponsorName: string,
  count: number,
) {
  const sponsor = await paidMember(baseURL, programme, sponsorName);
  // A few people joining at once, as they do: each member mostly waits on the mail and the webhook, so six at a
  // time take a sixth of the time; the engine places concurrent payments one after the other.
  let next = 0;
  const joinOneAfterAnother = async () => {
    for (let i = next++; i < count; i = next++)
      await paidMember(baseURL, programme, `Friend Number${i + 1}`, sponsor.referralCode);
  };
  await Promise.all(Array.from({ length: Math.min(6, count) }, joinOneAfterAnother));
  return sponsor;
}

/** Signs a Main member in through the sign-in page, as a person would, and waits for the dashboard. */
export async function signInOnMainPage(
  page: Page,
  baseURL: string,
  email: string,
  password = MEMBER_PASSWORD,
) {
  await page.goto(`${baseURL}/mainsignin`);
  await page.locator('html[data-running]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await toastSays(page, 'Successful!');
  await page.waitForURL(`**/maindashboard`);
}
