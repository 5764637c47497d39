import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hasAnyAdministrator } from '../modules/accounts/account-store';
import { createOrPromoteAdministrator } from '../modules/administrators/administrators';

export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** Outside production a fresh database gets one administrator; its password is shown once, on the console. */
export async function seedDemoAdministrator(app: FastifyInstance) {
  if (await hasAnyAdministrator(app.db)) return;
  const email = process.env.DEMO_ADMIN_EMAIL ?? DEMO_ADMIN_EMAIL;
  const password = process.env.DEMO_ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
  await createOrPromoteAdministrator(
    app.db,
    { email, password, fullName: 'Demo Administrator' },
    app.config.passwordHashCost,
  );
  // Written past the logger, framed, so it stands out among the request lines; the only place a password is shown.
  const lines = [
    `Demo administrator created (shown once): ${email} / ${password}`,
    `Sign in at ${app.config.publicUrl}/admin`,
  ];
  const rule = '='.repeat(Math.max(...lines.map((line) => line.length)) + 4);
  const bold = process.stdout.isTTY ? (text: string) => `\x1b[1;33m${text}\x1b[0m` : (text: string) => text;
  console.log(['', rule, ...lines.map((line) => `  ${line}`), rule, ''].map(bold).join('\n'));
}
