import { toastSays } from './browser';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { api } from './members';

/**
 * The administrators of the browser tests' platform. The demo administrator and a second one, the checker, are
 * made with `npm run admin:create` before the platform first starts (global-setup.ts), the way an operator gives
 * a real deployment its first two administrators: with one administrator nobody could approve anything.
 */
export const DEMO_ADMIN = {
  email: 'admin@example.com',
  password: 'demo-admin-password',
  name: 'Demo Administrator',
};
/**
 * The checker approves, and an approval counts only from an administrator with a second factor (decision 0038): its
 * authenticator's secret is enrolled before the platform first starts (support/server.ts, createAdministrators).
 */
export const CHECKER_ADMIN = {
  email: 'checker@example.com',
  password: 'checker-admin-password',
  name: 'Checker Administrator',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
/** A third, so the approval tests' sign-ins do not count against the demo administrator's login limit. */
export const MAKER_ADMIN = {
  email: 'maker@example.com',
  password: 'maker-admin-password',
  name: 'Maker Administrator',
};
/** Two more for the operator's and the payout screens' tests, so each journey acts as an administrator of its own. */
export const OPERATOR_ADMIN = {
  email: 'operator@example.com',
  password: 'operator-admin-password',
  name: 'Operator Administrator',
};
export const PAYOUT_ADMIN = {
  email: 'payouts@example.com',
  password: 'payouts-admin-password',
  name: 'Payouts Administrator',
};

interface AdminCredentials {
  email: string;
  password: string;
  totpSecret?: string;
}

/** Where the browser tests' processes share what they must not repeat: the run's lock folder, when there is one. */
function sharedDir(): string | null {
  try {
    return inject('e2eLockDir') ?? null;
  } catch {
    return null;
  }
}
const sharedFile = (name: string) => {
  const dir = sharedDir();
  // The name holds the platform's URL: its slashes and colons would be folders, so only a safe form of it is used.
  return dir
    ? path.join(
        dir,
        `${name.replace(/[^\w.@-]+/g, '_')}-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`,
      )
    : null;
};

const STEP_SECONDS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A code the platform has not seen yet for this administrator: a code of a step at or before the last accepted one is
 * a replay and refused, and the test files sign the checker in from two processes. The last step used is kept in
 * the run's folder; a code of the next step is accepted (one step of tolerance), else this waits for it.
 */
async function freshCode(baseURL: string, admin: AdminCredentials) {
  const file = sharedFile(`totp-${baseURL}-${admin.email}`);
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / STEP_SECONDS);
    const last = file && existsSync(file) ? Number(readFileSync(file, 'utf8')) : -1;
    const step = Math.max(now, last + 1);
    if (step <= now + 1) {
      if (file) writeFileSync(file, String(step));
      return generate({ secret: admin.totpSecret!, epoch: step * STEP_SECONDS });
    }
    await sleep((step - 1) * STEP_SECONDS * 1000 - Date.now() + 200);
  }
}

const tokens = new Map<string, { token: string; until: number }>();

/**
 * An administrator's access token, kept for ten minutes, so a test does not sign in for every call; an administrator
 * with a second factor passes it with a fresh code, and their token is shared by the run's processes (each sign-in
 * spends one of the account's code attempts).
 */
export async function adminToken(baseURL: string, admin: AdminCredentials) {
  const file = admin.totpSecret ? sharedFile(`token-${baseURL}-${admin.email}`) : null;
  const kept =
    tokens.get(baseURL + admin.email) ??
    (file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { token: string; until: number })
      : undefined);
  if (kept && kept.until > Date.now()) return kept.token;
  const answer = await api<{ token?: string; twoFactor?: string; challenge?: string }>(
    baseURL,
    '/api/admin/adminLogin',
    {
      method: 'POST',
      body: { email: admin.email, password: admin.password },
    },
  );
  let token = answer.token;
  if (!token && answer.twoFactor === 'code' && admin.totpSecret) {
    const verified = await api<{ token: string }>(baseURL, '/api/admin/two-factor/verify', {
      method: 'POST',
      body: { challenge: answer.challenge, code: await freshCode(baseURL, admin) },
    });
    token = verified.token;
  }
  if (!token) throw new Error(`${admin.email} needs a second factor to sign in`);
  const entry = { token, until: Date.now() + 10 * 60_000 };
  tokens.set(baseURL + admin.email, entry);
  if (file) writeFileSync(file, JSON.stringify(entry));
  return token;
}

/** After Login on the admin page: an administrator with a second factor types a fresh code, as a person would. */
export async function passSecondFactorOnPage(page: Page, baseURL: string, admin: AdminCredentials) {
  if (!admin.totpSecret) return;
  await page.getByLabel('Two-factor code').fill(await freshCode(baseURL, admin));
  await page.getByRole('button', { name: 'Verify' }).click();
}

interface PendingApproval {
  id: number;
  kind: string;
  summary: string;
  maker: { email: string };
}

/** The second administrator approves every waiting request of this kind that another administrator asked for. */
export async function approveAsChecker(
  baseURL: string,
  kind: string,
  match: (approval: PendingApproval) => boolean = () => true,
) {
  const token = await adminToken(baseURL, CHECKER_ADMIN);
  const pending = await api<{ items: PendingApproval[] }>(
    baseURL,
    '/api/admin/approvals?status=pending&pageSize=100',
    { token },
  );
  const mine = pending.items.filter(
    (a) => a.kind === kind && a.maker.email !== CHECKER_ADMIN.email && match(a),
  );
  if (mine.length === 0) throw new Error(`No waiting ${kind} request to approve`);
  for (const approval of mine)
    await api(baseURL, `/api/admin/approvals/${approval.id}/approve`, { method: 'POST', token });
  return mine;
}

/** An authenticator app in a test: the code of a secret read from the page, `stepsAhead` 30-second steps from now. */
export const totpCode = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

/** Signs an administrator in through the admin login page, as a person would, and waits for the dashboard. */
export async function signInOnAdminPage(page: Page, baseURL: string, admin: AdminCredentials) {
  await page.goto(`${baseURL}/admin`);
  await page.locator('#boot-loader').waitFor({ state: 'detached' });
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await passSecondFactorOnPage(page, baseURL, admin);
  await toastSays(page, 'Login Successful!');
  await page.waitForURL(`${baseURL}/admindashboard`);
}

/**
 * A new administrator as decision 0038 makes one: invited at an address no account uses (by `inviter`; the checker
 * approves the invitation when it waits), and the person chooses a password through the mailed link. Returns the
 * credentials; the new administrator has no second factor (their approvals would be refused until they set it up).
 */
export async function newAdministrator(
  baseURL: string,
  inviter: AdminCredentials,
  fullName: string,
  password = 'new-admin-password-1',
) {
  const email = `admin-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const answer = await api<{ status?: number; message: string }>(
    baseURL,
    '/api/admin/administrators/invitations',
    {
      method: 'POST',
      token: await adminToken(baseURL, inviter),
      body: { email, fullName },
    },
  );
  if (answer.status === 202) await approveAsChecker(baseURL, 'make_admin', (a) => a.summary.includes(email));
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    if (i > 0) await sleep(100);
    const mails = await api<{ links: string[] }[]>(baseURL, `/api/dev/mail?to=${encodeURIComponent(email)}`);
    link = mails.flatMap((m) => m.links).find((l) => l.includes('/admininvite?token='));
  }
  if (!link) throw new Error(`No invitation was mailed to ${email}`);
  await api(baseURL, '/api/auth/admin-invitation/accept', {
    method: 'POST',
    body: { token: new URL(link).searchParams.get('token'), password, confirmPassword: password },
  });
  return { email, password, name: fullName };
}
