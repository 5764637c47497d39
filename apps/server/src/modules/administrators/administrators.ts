import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import { newReferralCode } from '../../lib/referral-code';
import { recordAudit } from '../audit/record-audit';
import { revokeAccountSessions } from '../sessions/sessions';

export interface AdministratorResult {
  created: boolean;
  /** An existing account that was not an administrator before. */
  promoted: boolean;
  passwordReplaced: boolean;
  accountId: string;
}

/**
 * Makes the Main account with this email an administrator, creating it (confirmed, unpaid) when missing.
 * An existing account keeps its password unless `replacePassword` is set: the operator's command line sets it
 * (how a lost administrator password is recovered), the demo seed never does. Either way the act is audited
 * with no actor (the system), and a replaced password ends the account's sessions.
 */
export async function createOrPromoteAdministrator(
  db: Db,
  input: { email: string; password: string; fullName?: string; replacePassword?: boolean; via?: string },
  passwordHashCost: number,
): Promise<AdministratorResult> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password, passwordHashCost);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(accounts).where(and(eq(accounts.programme, 'main'), eq(accounts.email, email))).for('update');
    let result: AdministratorResult;
    if (existing) {
      const replace = input.replacePassword === true;
      await tx
        .update(accounts)
        .set({
          role: 'admin',
          tokenVersion: existing.tokenVersion + 1,
          updatedAt: new Date(),
          ...(replace ? { passwordHash, emailConfirmedAt: sql`coalesce(${accounts.emailConfirmedAt}, now())` } : {}),
        })
        .where(eq(accounts.id, existing.id));
      if (replace) await revokeAccountSessions(tx, existing.id, 'password_reset');
      result = { created: false, promoted: existing.role !== 'admin', passwordReplaced: replace, accountId: existing.id };
    } else {
      const [row] = await tx
        .insert(accounts)
        .values({
          programme: 'main',
          email,
          fullName: input.fullName ?? 'Administrator',
          phone: '00000000000',
          address: 'Head office',
          passwordHash,
          role: 'admin',
          referralCode: newReferralCode(),
          emailConfirmedAt: new Date(),
        })
        .returning({ id: accounts.id });
      result = { created: true, promoted: false, passwordReplaced: false, accountId: row!.id };
    }
    await recordAudit(tx, {
      actorAccountId: null,
      action: result.created ? 'create_admin' : 'make_admin',
      targetAccountId: result.accountId,
      details: { email, programme: 'main', via: input.via ?? 'system', passwordReplaced: result.passwordReplaced },
    });
    return result;
  });
}

/** Every administrator, with whether they enrolled a second factor. */
export async function listAdministrators(db: Db, viewerId: string) {
  const rows = await queryRows<{ id: string; full_name: string; email: string; two_factor: boolean }>(
    db,
    sql`select a.id, a.full_name, a.email, (t.confirmed_at is not null) as two_factor
        from accounts a left join admin_two_factor t on t.account_id = a.id
        where a.programme = 'main' and a.role = 'admin' order by a.full_name, a.email`,
  );
  return rows.map((r) => ({ id: r.id, fullName: r.full_name, email: r.email, twoFactor: r.two_factor === true, you: r.id === viewerId }));
}
