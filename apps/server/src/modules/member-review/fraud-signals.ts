import { sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { FRAUD_RULE_HOLDS, phoneKey, type FraudRule, type FraudThresholds } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

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

/** Members up the referral chain, from the sponsor's sponsor to `levels` above the account (the sponsor has its own rules). */
function uplineBeyondSponsor(accountId: string, levels: number) {
  return sql`with recursive up(id, depth) as (
      select a.sponsor_account_id, 1 from accounts a where a.id = ${accountId} and a.sponsor_account_id is not null
      union all
      select s.sponsor_account_id, up.depth + 1 from up join accounts s on s.id = up.id where s.sponsor_account_id is not null and up.depth <= ${levels}
    ) select id, depth from up where depth between 2 and ${levels + 1}`;
}

export interface SignupOrigin {
  ip: string;
  userAgent: string;
}

/** Keeps where a sign-up came from and raises the sign-up signals: the sponsor's phone, the sponsor's device, a burst from one address. */
export async function checkSignup(
  tx: Tx,
  accountId: string,
  origin: SignupOrigin,
  thresholds: FraudThresholds,
) {
  await tx.execute(
    sql`insert into signup_origins (account_id, ip, user_agent) values (${accountId}, ${origin.ip}, ${origin.userAgent.slice(0, 500)})`,
  );
  const [account] = await queryRows<{
    phone: string;
    sponsor_id: string | null;
    sponsor_phone: string | null;
    sponsor_ip: string | null;
    sponsor_agent: string | null;
    sponsor_gap_hours: number | null;
  }>(
    tx,
    sql`select a.phone, s.id as sponsor_id, s.phone as sponsor_phone, o.ip as sponsor_ip, o.user_agent as sponsor_agent,
               extract(epoch from (now() - o.created_at)) / 3600 as sponsor_gap_hours
        from accounts a left join accounts s on s.id = a.sponsor_account_id left join signup_origins o on o.account_id = s.id
        where a.id = ${accountId}`,
  );
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
      account.sponsor_agent === origin.userAgent.slice(0, 500) &&
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
      sql`select u.id, u.depth from (${uplineBeyondSponsor(accountId, thresholds.ringLevels)}) u join accounts o on o.id = u.id
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
  const recent = await queryRows<{ account_id: string; hour: string }>(
    tx,
    sql`select account_id, to_char(date_trunc('hour', min(created_at) over () at time zone 'UTC'), 'YYYY-MM-DD"T"HH24') as hour
        from signup_origins where ip = ${ip} and created_at > now() - make_interval(mins => ${thresholds.burstWithinMinutes})`,
  );
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
) {
  const others = await queryRows<{ id: string; is_sponsor: boolean; is_referral: boolean }>(
    tx,
    sql`select o.id, o.id = a.sponsor_account_id as is_sponsor, o.sponsor_account_id = a.id as is_referral
        from bank_details b join accounts o on o.id = b.account_id join accounts a on a.id = ${accountId}
        where b.account_number = ${accountNumber} and o.id <> a.id and o.email <> a.email`,
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
        join accounts o on o.id = u.id join bank_details b on b.account_id = u.id join accounts a on a.id = ${accountId}
        where b.account_number = ${accountNumber} and o.email <> a.email`,
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
    sql`with recursive down(id, depth) as (
          select r.id, 1 from accounts r where r.sponsor_account_id = ${accountId}
          union all
          select r.id, down.depth + 1 from down join accounts r on r.sponsor_account_id = down.id where down.depth <= ${thresholds.ringLevels}
        )
        select d.id, d.depth from down d join bank_details b on b.account_id = d.id join accounts o on o.id = d.id join accounts a on a.id = ${accountId}
        where d.depth between 2 and ${thresholds.ringLevels + 1} and b.account_number = ${accountNumber} and o.email <> a.email`,
  );
  for (const r of below)
    await raise(tx, {
      accountId: r.id,
      rule: 'referral_ring',
      relatedAccountId: accountId,
      detail: `${detail}, ${r.depth} sponsors up`,
    });
}
