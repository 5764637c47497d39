import { DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsFrom, accountColumnsJoin } from '../accounts/account-sql';
import {
  findAccountByEmail,
  grantAdministratorRole,
  insertAccount,
  lockAccountByEmail,
} from '../accounts/account-store';
import { hashPassword } from '../../lib/password';
import { newReferralCode } from '../../lib/referral-code';
import { pendingRequestAbout } from '../approvals/approval-store';
import { recordAudit } from '../audit/record-audit';
import { revokeAccountSessions } from '../sessions/sessions';
import { secondFactorConfirmed } from '../two-factor/two-factor-sql';
import { removeAdministrator } from './remove-admin';

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
    const existing = await lockAccountByEmail(tx, 'main', email);
    let result: AdministratorResult;
    if (existing) {
      // A removed administrator's account is closed for good (decision 0038): the owner gives the person a new address.
      if (existing.status === 'closed')
        throw new Error(
          `${email} belongs to a closed account (a removed administrator or a closed membership): use another email address.`,
        );
      const replace = input.replacePassword === true;
      await grantAdministratorRole(tx, existing.id, replace ? { passwordHash } : {});
      if (replace) await revokeAccountSessions(tx, existing.id, 'password_reset');
      result = {
        created: false,
        promoted: existing.role !== 'admin',
        passwordReplaced: replace,
        accountId: existing.id,
      };
    } else {
      // Screens name the maker and the checker of every approval: two administrators both called "Administrator" read
      // the same, so a new one needs a name of their own.
      if (!input.fullName?.trim())
        throw new Error(
          `${email} has no account yet: give the administrator's full name with --name, as screens name them by it.`,
        );
      const row = await insertAccount(tx, {
        programme: 'main',
        email,
        fullName: input.fullName.trim(),
        phone: '00000000000',
        address: 'Head office',
        passwordHash,
        role: 'admin',
        referralCode: newReferralCode(),
        emailConfirmedAt: new Date(),
      });
      // The email was free a moment ago (the lock above): only a referral code drawn twice can conflict.
      if (!row) throw new Error('could not create the administrator account: try again');
      result = { created: true, promoted: false, passwordReplaced: false, accountId: row.id };
    }
    await recordAudit(tx, {
      actorAccountId: null,
      action: result.created ? 'create_admin' : 'make_admin',
      targetAccountId: result.accountId,
      details: {
        email,
        programme: 'main',
        via: input.via ?? 'system',
        passwordReplaced: result.passwordReplaced,
      },
    });
    return result;
  });
}

/**
 * Every administrator (not the removed, whose accounts are closed), with their status, whether they enrolled a second
 * factor (their approvals count only then), and the removal that waits for them, if one does (decision 0038).
 */
export async function listAdministrators(db: Db, viewerId: string) {
  const rows = await queryRows<{
    id: string;
    full_name: string;
    email: string;
    status: 'active' | 'suspended';
    two_factor: boolean;
    removal_id: string | null;
    removal_maker: string | null;
    removal_maker_email: string | null;
    removal_asked_at: Date | null;
    removal_takes_effect_at: Date | null;
    removal_objection: string | null;
  }>(
    db,
    sql`select a.id, a.full_name, a.email, a.status, ${secondFactorConfirmed(sql`a.id`)} as two_factor,
               r.id as removal_id, m.full_name as removal_maker, m.email as removal_maker_email, r.created_at as removal_asked_at,
               r.takes_effect_at as removal_takes_effect_at, r.objection as removal_objection
        from ${accountColumnsFrom('a', ['id', 'full_name', 'email', 'status', 'programme', 'role'])}
        ${pendingRequestAbout('r', 'remove_admin', sql`a.id`)}
        ${accountColumnsJoin('m', sql`r.maker_account_id`, ['full_name', 'email'], 'left')}
        where a.programme = 'main' and a.role = 'admin' and a.status <> 'closed' order by a.full_name, a.email`,
  );
  const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);
  return rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    email: r.email,
    status: r.status,
    twoFactor: r.two_factor === true,
    you: r.id === viewerId,
    removal: r.removal_id
      ? {
          approvalId: Number(r.removal_id),
          askedBy: { fullName: r.removal_maker!, email: r.removal_maker_email! },
          askedAt: iso(r.removal_asked_at)!,
          takesEffectAt: iso(r.removal_takes_effect_at),
          objection: r.removal_objection,
        }
      : null,
  }));
}

/**
 * `npm run admin:revoke`: the owner at the server removes an administrator at once, with no second administrator
 * (the one way out when two administrators cannot part, or when one's account is in the wrong hands). Never the last
 * administrator: create another with admin:create first. Audited with no actor, mailed to every administrator.
 */
export async function revokeAdministrator(db: Db, input: { email: string; reason?: string }) {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const found = await findAccountByEmail(tx, 'main', email);
    const row = found?.role === 'admin' && found.status !== 'closed' ? found : null;
    if (!row) throw new DomainError('admin_unknown', `${email} is not an administrator.`);
    return removeAdministrator(tx, {
      accountId: row.id,
      makerId: null,
      checkerId: null,
      way: 'admin:revoke',
      reason: input.reason ?? null,
    });
  });
}
