import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts } from '../db/schema';
import { createOrPromoteAdministrator } from '../modules/accounts/administrators';

export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** Outside production a fresh database gets one administrator; its password is shown once, on the console. */
export async function seedDemoAdministrator(app: FastifyInstance) {
  const admins = await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.role, 'admin')).limit(1);
  if (admins.length > 0) return;
  const email = process.env.DEMO_ADMIN_EMAIL ?? DEMO_ADMIN_EMAIL;
  const password = process.env.DEMO_ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
  await createOrPromoteAdministrator(app.db, { email, password, fullName: 'Demo Administrator' });
  console.log(`\n  Demo administrator created (shown once): ${email} / ${password}\n  Sign in at ${app.config.publicUrl}/admin\n`);
}
