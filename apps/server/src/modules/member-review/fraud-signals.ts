import { sql } from 'drizzle-orm';
import { FRAUD_THRESHOLDS, phoneKey, type FraudRule } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/**
 * Raises fraud signals in the caller's transaction (the sign-up's, the bank details'), so a signal is never
 * lost between the act and its check. A signal only flags: nothing here refuses a sign-up or a payment. A flag
 * is raised once per finding (its dedupe key), and a cleared finding is not raised again.
 */

async function raise(tx: Tx, flag: { accountId: string; rule: FraudRule; relatedAccountId: string | null; detail: string }) {
  await tx.execute(sql`
    insert into fraud_flags (account_id, rule, related_account_id, detail, dedupe_key)
    values (${flag.accountId}, ${flag.rule}, ${flag.relatedAccountId}, ${flag.detail}, ${`${flag.rule}:${flag.accountId}:${flag.relatedAccountId ?? ''}`})
    on conflict (dedupe_key) do nothing`);
}

export interface SignupOrigin {
  ip: string;
  userAgent: string;
}

/** Keeps where a sign-up came from and raises the sign-up signals: the sponsor's phone, the sponsor's device, a burst from one address. */
export async function checkSignup(tx: Tx, accountId: string, origin: SignupOrigin) {
  await tx.execute(sql`insert into signup_origins (account_id, ip, user_agent) values (${accountId}, ${origin.ip}, ${origin.userAgent.slice(0, 500)})`);
  const [account] = await queryRows<{ phone: string; sponsor_id: string | null; sponsor_phone: string | null; sponsor_ip: string | null; sponsor_agent: string | null; sponsor_gap_hours: number | null }>(
    tx,
    sql`select a.phone, s.id as sponsor_id, s.phone as sponsor_phone, o.ip as sponsor_ip, o.user_agent as sponsor_agent,
               extract(epoch from (now() - o.created_at)) / 3600 as sponsor_gap_hours
        from accounts a left join accounts s on s.id = a.sponsor_account_id left join signup_origins o on o.account_id = s.id
        where a.id = ${accountId}`,
  );
  if (account?.sponsor_id) {
    if (account.sponsor_phone && phoneKey(account.sponsor_phone) === phoneKey(account.phone))
      await raise(tx, { accountId, rule: 'sponsor_shares_phone', relatedAccountId: account.sponsor_id, detail: `Phone number ending ${phoneKey(account.phone).slice(-4)}` });
    if (
      account.sponsor_ip === origin.ip &&
      account.sponsor_agent === origin.userAgent.slice(0, 500) &&
      Number(account.sponsor_gap_hours) <= FRAUD_THRESHOLDS.sameDeviceWithinHours
    )
      await raise(tx, {
        accountId,
        rule: 'sponsor_shares_device',
        relatedAccountId: account.sponsor_id,
        detail: `Same address and browser as the sponsor's sign-up ${Math.round(Number(account.sponsor_gap_hours) * 60)} minutes earlier`,
      });
  }
  await checkSignupBurst(tx, origin.ip);
}

/** Every sign-up of the last hour from an address that made too many is flagged, the earlier ones too. */
async function checkSignupBurst(tx: Tx, ip: string) {
  const recent = await queryRows<{ account_id: string }>(
    tx,
    sql`select account_id from signup_origins where ip = ${ip} and created_at > now() - make_interval(mins => ${FRAUD_THRESHOLDS.burstWithinMinutes})`,
  );
  if (recent.length < FRAUD_THRESHOLDS.burstSignups) return;
  for (const r of recent)
    await raise(tx, { accountId: r.account_id, rule: 'signup_burst', relatedAccountId: null, detail: `${recent.length} sign-ups from one address within ${FRAUD_THRESHOLDS.burstWithinMinutes} minutes` });
}

/**
 * After bank details are saved: a referral paid into the sponsor's own bank account, and any other account
 * holding the same number. Accounts of one email (the same person's Main and Welcome Back accounts) may share it.
 */
export async function checkBankAccount(tx: Tx, accountId: string, accountNumber: string) {
  const others = await queryRows<{ id: string; is_sponsor: boolean; is_referral: boolean }>(
    tx,
    sql`select o.id, o.id = a.sponsor_account_id as is_sponsor, o.sponsor_account_id = a.id as is_referral
        from bank_details b join accounts o on o.id = b.account_id join accounts a on a.id = ${accountId}
        where b.account_number = ${accountNumber} and o.id <> a.id and o.email <> a.email`,
  );
  const detail = `Bank account number ending ${accountNumber.slice(-4)}`;
  for (const other of others) {
    if (other.is_sponsor) await raise(tx, { accountId, rule: 'sponsor_shares_bank_account', relatedAccountId: other.id, detail });
    else if (other.is_referral) await raise(tx, { accountId: other.id, rule: 'sponsor_shares_bank_account', relatedAccountId: accountId, detail });
    else {
      await raise(tx, { accountId, rule: 'shared_bank_account', relatedAccountId: other.id, detail });
      await raise(tx, { accountId: other.id, rule: 'shared_bank_account', relatedAccountId: accountId, detail });
    }
  }
}
