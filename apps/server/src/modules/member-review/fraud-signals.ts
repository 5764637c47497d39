import { sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { FRAUD_RULE_HOLDS, phoneKey, type FraudRule, type FraudThresholds } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import { downlineBeyondReferrals, uplineBeyondSponsor } from '../accounts/account-tree';
import {
  keptUserAgent,
  recordSignupOrigin,
  signupBesideSponsor,
  signupsFromAddress,
  type SignupOrigin,
} from '../accounts/signup-origins';

/** What the bank-number rules compare of two accounts: the same person (email), sponsor and referral. */
const treeColumns = ['id', 'email', 'sponsor_account_id'] as const;

/**
 * Raises fraud signals in the caller's transaction (the sign-up's, the bank details'), so a signal is never
 * lost between the act and its check. A signal only flags: nothing here refuses a sign-up or a payment. A flag
 * is raised once per finding (its dedupe key), and a cleared finding is not raised again. Whether it holds the
 * account's payouts is the rule's weight (FRAUD_RULE_HOLDS in the core).
 */

async function raise(
  tx: Tx,
  flag: {
    accountId: string;
    rule: FraudRule;
    relatedAccountId: string | null;
    detail: string;
    groupKey?: string;
  },
) {
  await tx.execute(sql`
    insert into fraud_flags (account_id, rule, related_account_id, detail, dedupe_key, holds_payouts, group_key)
    values (${flag.accountId}, ${flag.rule}, ${flag.relatedAccountId}, ${flag.detail}, ${`${flag.rule}:${flag.accountId}:${flag.relatedAccountId ?? ''}`},
            ${FRAUD_RULE_HOLDS[flag.rule]}, ${flag.groupKey ?? null})
    on conflict (dedupe_key) do nothing`);
}

const NOT_A_DIGIT = '\\D';

export type { SignupOrigin };

/** Keeps where a sign-up came from and raises the sign-up signals: the sponsor's phone, the sponsor's device, a burst from one address. */
export async function checkSignup(
  tx: Tx,
  accountId: string,
  origin: SignupOrigin,
  thresholds: FraudThresholds,
) {
  await recordSignupOrigin(tx, accountId, origin);
  const account = await signupBesideSponsor(tx, accountId);
  if (account?.sponsor_id) {
    if (account.sponsor_phone && phoneKey(account.sponsor_phone) === phoneKey(account.phone))
      await raise(tx, {
        accountId,
        rule: 'sponsor_shares_phone',
        relatedAccountId: account.sponsor_id,
        detail: `Phone number ending ${phoneKey(account.phone).slice(-4)}`,
      });
    if (
      account.sponsor_ip === origin.ip &&
      account.sponsor_agent === keptUserAgent(origin.userAgent) &&
      Number(account.sponsor_gap_hours) <= thresholds.sameDeviceWithinHours
    )
      await raise(tx, {
        accountId,
        rule: 'sponsor_shares_device',
        relatedAccountId: account.sponsor_id,
        detail: `Same address and browser as the sponsor's sign-up ${Math.round(Number(account.sponsor_gap_hours) * 60)} minutes earlier`,
      });
  }
  if (account?.phone && thresholds.ringLevels > 0) {
    const ring = await queryRows<{ id: string; depth: number }>(
      tx,
      sql`select u.id, u.depth from (${uplineBeyondSponsor(accountId, thresholds.ringLevels)}) u ${accountColumnsJoin('o', sql`u.id`, ['phone'])}
          where right(regexp_replace(o.phone, ${NOT_A_DIGIT}, '', 'g'), 10) = ${phoneKey(account.phone)}`,
    );
    for (const r of ring)
      await raise(tx, {
        accountId,
        rule: 'referral_ring',
        relatedAccountId: r.id,
        detail: `Phone number ending ${phoneKey(account.phone).slice(-4)}, ${r.depth} sponsors up`,
      });
  }
  await checkSignupBurst(tx, origin.ip, thresholds);
}

/**
 * Every sign-up of the window from an address that made too many is flagged, the earlier ones too. Only a signal:
 * many subscribers of one mobile network share a public address. The flags of one address and hour share a group
 * key (the address is kept hashed in it), so an administrator can review and clear them together.
 */
async function checkSignupBurst(tx: Tx, ip: string, thresholds: FraudThresholds) {
  const recent = await signupsFromAddress(tx, ip, thresholds.burstWithinMinutes);
  if (recent.length < thresholds.burstSignups) return;
  const address = createHash('sha256').update(ip).digest('hex').slice(0, 12);
  for (const r of recent)
    await raise(tx, {
      accountId: r.account_id,
      rule: 'signup_burst',
      relatedAccountId: null,
      detail: `${recent.length} sign-ups from one address within ${thresholds.burstWithinMinutes} minutes`,
      groupKey: `signup_burst:${address}:${r.hour}`,
    });
}

/**
 * After bank details are saved: a referral paid into the sponsor's own bank account, and any other account
 * holding the same number. Accounts of one email (the same person's Main and Welcome Back accounts) may share it.
 */
export async function checkBankAccount(
  tx: Tx,
  accountId: string,
  accountNumber: string,
  thresholds: FraudThresholds,
  /** The accounts whose saved bank details hold the number, as a table of account_id (bank-details owns them). */
  holders: SQL,
) {
  const others = await queryRows<{ id: string; is_sponsor: boolean; is_referral: boolean }>(
    tx,
    sql`select o.id, o.id = a.sponsor_account_id as is_sponsor, o.sponsor_account_id = a.id as is_referral
        from ${holders} b ${accountColumnsJoin('o', sql`b.account_id`, treeColumns)} ${accountColumnsJoin('a', sql`${accountId}`, treeColumns)}
        where o.id <> a.id and o.email <> a.email`,
  );
  const detail = `Bank account number ending ${accountNumber.slice(-4)}`;
  for (const other of others) {
    if (other.is_sponsor)
      await raise(tx, { accountId, rule: 'sponsor_shares_bank_account', relatedAccountId: other.id, detail });
    else if (other.is_referral)
      await raise(tx, {
        accountId: other.id,
        rule: 'sponsor_shares_bank_account',
        relatedAccountId: accountId,
        detail,
      });
    else {
      await raise(tx, { accountId, rule: 'shared_bank_account', relatedAccountId: other.id, detail });
      await raise(tx, {
        accountId: other.id,
        rule: 'shared_bank_account',
        relatedAccountId: accountId,
        detail,
      });
    }
  }
  if (thresholds.ringLevels === 0) return;
  // A member paid into the account of someone further up their own chain: one person on both sides, through others.
  const ring = await queryRows<{ id: string; depth: number }>(
    tx,
    sql`select u.id, u.depth from (${uplineBeyondSponsor(accountId, thresholds.ringLevels)}) u
        ${accountColumnsJoin('o', sql`u.id`, treeColumns)} join ${holders} b on b.account_id = u.id ${accountColumnsJoin('a', sql`${accountId}`, treeColumns)}
        where o.email <> a.email`,
  );
  for (const r of ring)
    await raise(tx, {
      accountId,
      rule: 'referral_ring',
      relatedAccountId: r.id,
      detail: `${detail}, ${r.depth} sponsors up`,
    });
  // And a member further down who already gave this number.
  const below = await queryRows<{ id: string; depth: number }>(
    tx,
    sql`select d.id, d.depth from (${downlineBeyondReferrals(accountId, thresholds.ringLevels)}) d join ${holders} b on b.account_id = d.id
        ${accountColumnsJoin('o', sql`d.id`, treeColumns)} ${accountColumnsJoin('a', sql`${accountId}`, treeColumns)}
        where o.email <> a.email`,
  );
  for (const r of below)
    await raise(tx, {
      accountId: r.id,
      rule: 'referral_ring',
      relatedAccountId: accountId,
      detail: `${detail}, ${r.depth} sponsors up`,
    });
}
