import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/** What an erased account's name becomes: sponsors' matrices and the admin lists show this, never the old name. */
export const FORMER_MEMBER = 'Former member';
const MENTION = 'a former member';
const ERASED = '[erased]';

/** The erased account's email: unique per account (the programme-email key) and not anybody's address. */
export const erasedEmail = (accountId: string) => `erased-${accountId}@erased.invalid`;

type Personal = {
  email: string;
  full_name: string;
  phone: string;
  address: string;
  account_number: string | null;
  account_name: string | null;
  resolved_account_name: string | null;
};

/**
 * `replace(col, v, by)` for each value in turn, each value a bound parameter; a `json` column is rewritten through
 * its text, with the values JSON-escaped as they appear there. A null column stays null. `column` is this file's own
 * constant, never input.
 */
function replacing(column: string, values: string[], by: string, json = false): SQL {
  let expr: SQL = sql.raw(json ? `${column}::text` : column);
  for (const value of values)
    expr = sql`replace(${expr}, ${json ? JSON.stringify(value).slice(1, -1) : value}, ${by})`;
  return json ? sql`(${expr})::jsonb` : expr;
}

/**
 * Replaces every personal field of one closed account (decision 0029) and keeps the books: journal amounts, payments,
 * payouts and their references and dates stay as they were. Runs in the caller's transaction (the approval's).
 * Free text elsewhere that names the member (audit details, approval summaries, notes, provider events, memos,
 * other members' notifications) has the member's values replaced where it is tied to the account.
 */
export async function eraseMember(tx: Tx, accountId: string, now: Date) {
  const [person] = await queryRows<Personal>(
    tx,
    sql`select a.email, a.full_name, a.phone, a.address, b.account_number, b.account_name, b.resolved_account_name
        from accounts a left join bank_details b on b.account_id = a.id where a.id = ${accountId} for update of a`,
  );
  if (!person) throw new Error(`no account ${accountId}`);
  // Longest first, so a name inside an address is not half-replaced.
  const values = [
    person.email,
    person.full_name,
    person.phone,
    person.address,
    person.account_number,
    person.account_name,
    person.resolved_account_name,
  ]
    .filter((v): v is string => typeof v === 'string' && v.trim().length >= 3)
    .sort((a, b) => b.length - a.length);
  const erase = (column: string, json = false) => replacing(column, values, ERASED, json);
  const byEmail = `%${person.email}%`;
  const byName = `%${person.full_name}%`;

  // Records kept for other reasons: only the member's values go.
  await tx.execute(sql`update audit_log set details = ${erase('details', true)}
    where target_account_id = ${accountId} or actor_account_id = ${accountId} or details::text like ${byEmail}`);
  await tx.execute(sql`update approval_requests set summary = ${erase('summary')}, payload = ${erase('payload', true)},
      result = ${erase('result', true)}, decline_reason = ${erase('decline_reason')}, failure_reason = ${erase('failure_reason')}
    where target_account_id = ${accountId} or payload::text like ${byEmail}`);
  await tx.execute(
    sql`update account_status_changes set reason = ${erase('reason')}, note = ${erase('note')} where account_id = ${accountId}`,
  );
  await tx.execute(sql`update fraud_flags set detail = ${erase('detail')}, dedupe_key = ${erase('dedupe_key')},
      clear_note = ${erase('clear_note')}
    where account_id = ${accountId} or related_account_id = ${accountId}`);
  await tx.execute(sql`update grant_applications set purpose = ${erase('purpose')},
      decision_note = ${erase('decision_note')} where account_id = ${accountId}`);
  await tx.execute(sql`update payment_events set payload = ${erase('payload', true)}
    where reference in (select reference from payments where account_id = ${accountId}
                        union select reference from payouts where account_id = ${accountId}
                        union select t.reference from payout_attempts t join payouts p on p.id = t.payout_id where p.account_id = ${accountId})`);

  // The books: a memo may name the member ("Referral bonus from ..."); only the memo may change (migration 0021).
  await tx.execute(sql`select set_config('ledger.erasure', 'on', true)`);
  await tx.execute(sql`update journal_entries set memo = ${replacing('memo', [person.full_name], MENTION)}
    where memo like ${byName} and (created_by = ${accountId} or id in (
      select c.journal_entry_id from credits c join positions p on c.cause = 'referral:' || p.id::text where p.account_id = ${accountId}))`);
  await tx.execute(sql`select set_config('ledger.erasure', 'off', true)`);
  await tx.execute(
    sql`update payouts set bank_name = '', account_number_last4 = '' where account_id = ${accountId}`,
  );
  await tx.execute(sql`update payout_attempts set bank_name = '', account_number_last4 = ''
    where payout_id in (select id from payouts where account_id = ${accountId})`);

  // Other members' notifications and mails name a referral: the name gives way to "a former member".
  await tx.execute(sql`update notifications set title = ${replacing('title', [person.full_name], MENTION)}, body = ${replacing('body', [person.full_name], MENTION)}
    where account_id <> ${accountId} and (title like ${byName} or body like ${byName})`);
  await tx.execute(sql`update mail_queue set data = ${replacing('data', [person.full_name], MENTION, true)}
    where (account_id is null or account_id <> ${accountId}) and to_address <> ${person.email} and data::text like ${byName}`);

  // What exists only because of the member goes.
  await tx.execute(sql`update mail_queue set to_address = '', subject = '', data = '{}'::jsonb, last_error = null
    where account_id = ${accountId} or to_address = ${person.email}`);
  await tx.execute(sql`delete from mail_outbox where to_address = ${person.email}`);
  await tx.execute(sql`update mail_outbox set text = ${replacing('text', [person.full_name], MENTION)}, html = ${replacing('html', [person.full_name], MENTION)}
    where text like ${byName} or html like ${byName}`);
  await tx.execute(sql`delete from notifications where account_id = ${accountId}`);
  await tx.execute(sql`delete from mail_opt_outs where account_id = ${accountId}`);
  await tx.execute(
    sql`update contact_replies set body = '' where message_id in (select id from contact_messages where email = ${person.email})`,
  );
  await tx.execute(
    sql`update contact_messages set name = ${FORMER_MEMBER}, email = '', message = '' where email = ${person.email}`,
  );
  // The requests register keeps the request, its dates and status (how the Act's deadlines were met), not who.
  await tx.execute(sql`update privacy_requests set requester = ${erase('requester')}, details = ${erase('details')}, answer = ${erase('answer')}
    where account_id = ${accountId} or requester like ${byEmail}`);
  await tx.execute(sql`delete from data_exports where account_id = ${accountId}`);
  await tx.execute(sql`delete from email_changes where account_id = ${accountId}`);
  await tx.execute(sql`delete from signup_origins where account_id = ${accountId}`);
  await tx.execute(sql`delete from bank_details where account_id = ${accountId}`);
  await tx.execute(sql`delete from account_tokens where account_id = ${accountId}`);
  await tx.execute(
    sql`delete from refresh_tokens where session_id in (select id from sessions where account_id = ${accountId})`,
  );
  await tx.execute(
    sql`update sessions set revoked_at = coalesce(revoked_at, ${now}), revoke_reason = coalesce(revoke_reason, 'account_erased') where account_id = ${accountId}`,
  );
  await tx.execute(sql`delete from admin_recovery_codes where account_id = ${accountId}`);
  await tx.execute(sql`delete from admin_two_factor where account_id = ${accountId}`);
  await tx.execute(sql`delete from rate_limit_counters where key like ${byEmail}`);

  await tx.execute(sql`update accounts set full_name = ${FORMER_MEMBER}, email = ${erasedEmail(accountId)}, phone = '', address = '',
      password_hash = '!', token_version = token_version + 1, legal_hold_reason = null, erased_at = ${now}, updated_at = ${now}
    where id = ${accountId}`);
}
