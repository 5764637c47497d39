import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { newReferralCode } from '../../lib/referral-code';

/**
 * Makes the Main account with this email an administrator, creating it (confirmed, unpaid) when missing.
 * The password is set only for a new account, so an existing person's password is never overwritten.
 */
export async function createOrPromoteAdministrator(db: Db, input: { email: string; password: string; fullName?: string }) {
  const email = input.email.trim().toLowerCase();
  const existing = await db.select().from(accounts).where(and(eq(accounts.programme, 'main'), eq(accounts.email, email)));
  if (existing[0]) {
    await db.update(accounts).set({ role: 'admin', tokenVersion: existing[0].tokenVersion + 1, updatedAt: new Date() }).where(eq(accounts.id, existing[0].id));
    return { created: false as const, accountId: existing[0].id };
  }
  const [row] = await db
    .insert(accounts)
    .values({
      programme: 'main',
      email,
      fullName: input.fullName ?? 'Administrator',
      phone: '00000000000',
      address: 'Head office',
      passwordHash: await hashPassword(input.password),
      role: 'admin',
      referralCode: newReferralCode(),
      emailConfirmedAt: new Date(),
    })
    .returning({ id: accounts.id });
  return { created: true as const, accountId: row!.id };
}
