import type { Programme } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../src/app';

/** Helpers for the account API tests: real calls through app.inject, mails read from the outbox. */

export const signupPath: Record<Programme, string> = {
  main: '/api/auth/signup',
  welcomeback: '/api/auth/welcome',
};
export const loginPath: Record<Programme, string> = {
  main: '/api/auth/login',
  welcomeback: '/api/auth/loginwelc',
};
export const forgotPath: Record<Programme, string> = {
  main: '/api/auth/reset',
  welcomeback: '/api/auth/welcomereset',
};
export const resetPath: Record<Programme, string> = {
  main: '/api/auth/resetpassword',
  welcomeback: '/api/auth/welcresetpassword',
};
export const cookieName: Record<Programme, string> = {
  main: 'refresh_main',
  welcomeback: 'refresh_welcomeback',
};

export const uniqueEmail = (label = 'member') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A distinct network address per test, so the per-address limits of one test never touch another. */
export const someAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Ada Obi',
    email: uniqueEmail(),
    phone: '08031234567',
    address: '12 Awolowo Road, Ikoyi, Lagos',
    password: 'a good password',
    confirmPassword: 'a good password',
    referralCode: '',
    acceptTerms: true,
    ...overrides,
  };
}

interface Mail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** The outbox seam (GET /api/dev/mail); mails go out after the answer, so wait until `count` have arrived. */
export async function mailsTo(app: App, email: string, count = 1): Promise<Mail[]> {
  for (let i = 0; i < 100; i++) {
    const res = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` });
    const mails = res.json() as Mail[];
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`expected ${count} mail(s) to ${email}`);
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

export async function signUp(app: App, programme: Programme, overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const res = await app.inject({
    method: 'POST',
    url: signupPath[programme],
    payload: body,
    remoteAddress: someAddress(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return body;
}

/** How many mails the outbox holds for an address now. */
export async function mailCount(app: App, email: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` });
  return (res.json() as Mail[]).length;
}

/** Signs up, follows the confirmation link: an account ready to sign in. */
export async function confirmedAccount(
  app: App,
  programme: Programme,
  overrides: Record<string, unknown> = {},
) {
  const email = String(overrides.email ?? uniqueEmail()).toLowerCase();
  const before = await mailCount(app, email);
  const body = await signUp(app, programme, { ...overrides, email });
  // Wait for this sign-up's own mail: the address may already hold older ones.
  const [mail] = await mailsTo(app, email, before + 1);
  expect(mail!.links[0]).toContain('/confirmemail?token=');
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    payload: { token: tokenOf(mail!.links[0]!) },
    remoteAddress: someAddress(),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return body;
}

export async function logIn(
  app: App,
  programme: Programme,
  email: string,
  password: string,
  path = loginPath[programme],
) {
  return app.inject({
    method: 'POST',
    url: path,
    payload: { email, password },
    remoteAddress: someAddress(),
  });
}

/** The refresh cookie a response set, as light-my-request parsed it. */
export function refreshCookieOf(
  res: { cookies: Array<{ name: string; value: string }> },
  programme: Programme,
) {
  return res.cookies.find((c) => c.name === cookieName[programme]);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
