import { shortName, type Programme } from '@coop/core';
import { termsPath } from '@coop/core/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  countAffected,
  erasing,
  isoOrNull as iso,
  monthsBefore,
  type ErasedMember,
  type PersonalDataPart,
} from '../../lib/personal-data';
import { deviceName } from './device-name';

type When = string | Date | null;

/** What an erased account's name becomes: sponsors' matrices and the admin lists show this, never the old name. */
export const FORMER_MEMBER = 'Former member';

/** The erased account's email: unique per account (the programme-email key) and not anybody's address. */
export const erasedEmail = (accountId: string) => `erased-${accountId}@erased.invalid`;

/**
 * The account as My Data opens with it: the profile, the consents it gave, and the names of the member's own
 * referrals (texts written to the member show those as the matrix does). Null when there is no such account.
 */
export async function accountToExport(db: Tx, accountId: string) {
  const [a] = await queryRows<{
    id: string;
    programme: Programme;
    full_name: string;
    email: string;
    phone: string;
    address: string;
    referral_code: string;
    role: string;
    status: string;
    sponsor_code: string | null;
    email_confirmed_at: When;
    created_at: When;
    closure_requested_at: When;
    closure_confirmed_at: When;
    closed_at: When;
    erasure_requested_at: When;
    privacy_notice_version: string | null;
    privacy_notice_accepted_at: When;
    terms_version: number | null;
    terms_accepted_at: When;
  }>(
    db,
    sql`select a.id, a.programme, a.full_name, a.email, a.phone, a.address, a.referral_code, a.role, a.status, s.referral_code as sponsor_code,
          a.email_confirmed_at, a.created_at, a.closure_requested_at, a.closure_confirmed_at, a.closed_at, a.erasure_requested_at, a.privacy_notice_version,
          a.privacy_notice_accepted_at, a.terms_version, coalesce(a.terms_accepted_at, a.created_at) as terms_accepted_at
        from accounts a left join accounts s on s.id = a.sponsor_account_id where a.id = ${accountId}`,
  );
  if (!a) return null;
  const referrals = await queryRows<{ full_name: string }>(
    db,
    sql`select full_name from accounts where sponsor_account_id = ${accountId}`,
  );
  const shorten = (text: string) =>
    referrals.reduce(
      (t, r) => (r.full_name.length >= 3 ? t.split(r.full_name).join(shortName(r.full_name)) : t),
      text,
    );
  return {
    programme: a.programme,
    shorten,
    profile: {
      id: a.id,
      programme: a.programme,
      fullName: a.full_name,
      email: a.email,
      phone: a.phone,
      address: a.address,
      referralCode: a.referral_code,
      sponsorReferralCode: a.sponsor_code,
      role: a.role,
      status: a.status,
      signedUpAt: iso(a.created_at),
      emailConfirmedAt: iso(a.email_confirmed_at),
      closureRequestedAt: iso(a.closure_requested_at),
      closureConfirmedAt: iso(a.closure_confirmed_at),
      closedAt: iso(a.closed_at),
      erasureRequestedAt: iso(a.erasure_requested_at),
    },
    // The terms are accepted at sign-up; the version is recorded since decision 0060 (null: none recorded).
    consents: {
      termsVersion: a.terms_version,
      termsAddress: a.terms_version === null ? null : termsPath(a.programme, a.terms_version),
      termsAcceptedAt: iso(a.terms_accepted_at),
      privacyNoticeVersion: a.privacy_notice_version,
      privacyNoticeAcceptedAt: iso(a.privacy_notice_accepted_at),
    },
  };
}

/** Locks the account for its erasure and reads the values it holds; null when there is no such account. */
export async function lockAccountToErase(tx: Tx, accountId: string) {
  const [a] = await queryRows<{ email: string; full_name: string; phone: string; address: string }>(
    tx,
    sql`select email, full_name, phone, address from accounts where id = ${accountId} for update`,
  );
  return a ? { email: a.email, fullName: a.full_name, phone: a.phone, address: a.address } : null;
}

/**
 * Where the account whose id is `accountId` (SQL) stands for erasure, as a one-row derived table with the columns
 * id, status, closed_at, erasure_requested_at and erased_at (no row without the account).
 */
export const accountErasureFacts = (accountId: SQL) =>
  sql`(select id, status, closed_at, erasure_requested_at, erased_at from accounts where id = ${accountId})`;

/** The account's profile, sign-up origins, status history and consents; its name and contact go last on erasure. */
export const accountsPersonalData: PersonalDataPart = {
  owner: 'accounts',
  async export(tx, { accountId }) {
    const origins = await queryRows<{ ip: string; user_agent: string; created_at: When }>(
      tx,
      sql`select ip, user_agent, created_at from signup_origins where account_id = ${accountId}`,
    );
    const statusChanges = await queryRows<{
      from_status: string;
      to_status: string;
      reason: string;
      created_at: When;
    }>(
      tx,
      sql`select from_status, to_status, reason, created_at from account_status_changes where account_id = ${accountId} order by id`,
    );
    return {
      signupOrigins: origins.map((o) => ({
        address: o.ip,
        browser: o.user_agent,
        device: deviceName(o.user_agent),
        at: iso(o.created_at),
      })),
      statusChanges: statusChanges.map((s) => ({
        from: s.from_status,
        to: s.to_status,
        reason: s.reason,
        at: iso(s.created_at),
      })),
    };
  },
  holds: [
    {
      value: (accountId) => sql`(select legal_hold_reason from accounts where id = ${accountId})`,
      blocker: (reason) => (reason ? `Legal hold: ${reason}` : null),
    },
  ],
  async erase(tx, member: ErasedMember) {
    const { accountId, now } = member;
    await tx.execute(
      sql`update account_status_changes set reason = ${erasing(member, 'reason')}, note = ${erasing(member, 'note')} where account_id = ${accountId}`,
    );
    await tx.execute(sql`delete from email_changes where account_id = ${accountId}`);
    await tx.execute(sql`delete from signup_origins where account_id = ${accountId}`);
    await tx.execute(sql`update accounts set full_name = ${FORMER_MEMBER}, email = ${erasedEmail(accountId)}, phone = '', address = '',
      password_hash = '!', token_version = token_version + 1, legal_hold_reason = null, erased_at = ${now}, updated_at = ${now}
    where id = ${accountId}`);
  },
  async retain(tx, { now, rules }) {
    const signupOrigins = await countAffected(
      tx,
      sql`delete from signup_origins where created_at < ${monthsBefore(now, rules.signupOriginMonths)}`,
    );
    // Counted, not erased: erasure goes through a second administrator on the Personal Data screen.
    const [due] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from accounts where status = 'closed' and erased_at is null
          and closed_at < ${monthsBefore(now, rules.closedAccountYears * 12)}`,
    );
    return { signupOrigins, closedAccountsDueForErasure: due!.n };
  },
};
