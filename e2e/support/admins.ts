import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { api } from './members';

/**
 * The administrators of the browser tests' platform. The demo administrator and a second one, the checker, are
 * made with `npm run admin:create` before the platform first starts (global-setup.ts), the way an operator gives
 * a real deployment its first two administrators: with one administrator nobody could approve anything.
 */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-password', name: 'Demo Administrator' };
export const CHECKER_ADMIN = { email: 'checker@example.com', password: 'checker-admin-password', name: 'Checker Administrator' };
/** A third, so the approval tests' sign-ins do not count against the demo administrator's login limit. */
export const MAKER_ADMIN = { email: 'maker@example.com', password: 'maker-admin-password', name: 'Maker Administrator' };
/** Two more for the operator's and the payout screens' tests, so each journey acts as an administrator of its own. */
export const OPERATOR_ADMIN = { email: 'operator@example.com', password: 'operator-admin-password', name: 'Operator Administrator' };
export const PAYOUT_ADMIN = { email: 'payouts@example.com', password: 'payouts-admin-password', name: 'Payouts Administrator' };

const tokens = new Map<string, { token: string; until: number }>();

/** An administrator's access token, kept for ten minutes, so a test does not sign in for every call. */
export async function adminToken(baseURL: string, admin: { email: string; password: string }) {
  const kept = tokens.get(baseURL + admin.email);
  if (kept && kept.until > Date.now()) return kept.token;
  const answer = await api<{ token?: string; twoFactor?: string }>(baseURL, '/api/admin/adminLogin', { method: 'POST', body: { email: admin.email, password: admin.password } });
  if (!answer.token) throw new Error(`${admin.email} needs a second factor to sign in`);
  tokens.set(baseURL + admin.email, { token: answer.token, until: Date.now() + 10 * 60_000 });
  return answer.token;
}

interface PendingApproval {
  id: number;
  kind: string;
  summary: string;
  maker: { email: string };
}

/** The second administrator approves every waiting request of this kind that another administrator asked for. */
export async function approveAsChecker(baseURL: string, kind: string, match: (approval: PendingApproval) => boolean = () => true) {
  const token = await adminToken(baseURL, CHECKER_ADMIN);
  const pending = await api<{ items: PendingApproval[] }>(baseURL, '/api/admin/approvals?status=pending&pageSize=100', { token });
  const mine = pending.items.filter((a) => a.kind === kind && a.maker.email !== CHECKER_ADMIN.email && match(a));
  if (mine.length === 0) throw new Error(`No waiting ${kind} request to approve`);
  for (const approval of mine) await api(baseURL, `/api/admin/approvals/${approval.id}/approve`, { method: 'POST', token });
  return mine;
}

/** An authenticator app in a test: the code of a secret read from the page, `stepsAhead` 30-second steps from now. */
export const totpCode = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

/** Signs an administrator in through the admin login page, as a person would, and waits for the dashboard. */
export async function signInOnAdminPage(page: Page, baseURL: string, admin: { email: string; password: string }) {
  await page.goto(`${baseURL}/admin`);
  await page.locator('#boot-loader').waitFor({ state: 'detached' });
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog', { name: 'Login Successful!' }).getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(`${baseURL}/admindashboard`);
}
