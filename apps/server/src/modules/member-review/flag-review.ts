import { sql, type SQL } from 'drizzle-orm';
import { FRAUD_RULE_TEXT, type FraudRule, type Programme, DomainError } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin, adminNameOf } from '../accounts/account-sql';
import { recordAudit } from '../audit/record-audit';

interface FlagRow {
  id: string;
  account_id: string;
  account_name: string;
  account_email: string;
  account_programme: Programme;
  rule: FraudRule;
  related_id: string | null;
  related_name: string | null;
  related_email: string | null;
  detail: string;
  holds_payouts: boolean;
  group_key: string | null;
  raised_at: string | Date;
  cleared_at: string | Date | null;
  cleared_by_name: string | null;
  cleared_by_email: string | null;
  clear_note: string | null;
  total?: string;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toFlag(r: FlagRow) {
  return {
    id: Number(r.id),
    account: {
      id: r.account_id,
      fullName: r.account_name,
      email: r.account_email,
      programme: r.account_programme,
    },
    rule: r.rule,
    ruleText: FRAUD_RULE_TEXT[r.rule],
    related: r.related_id
      ? { id: r.related_id, fullName: r.related_name ?? '', email: r.related_email ?? '' }
      : null,
    detail: r.detail,
    holdsPayouts: r.holds_payouts,
    groupKey: r.group_key,
    raisedAt: iso(r.raised_at)!,
    clearedAt: iso(r.cleared_at),
    clearedBy: adminNameOf(r.cleared_by_name, r.cleared_by_email),
    clearNote: r.clear_note,
  };
}

const flagColumns = sql`f.id, f.account_id, a.full_name as account_name, a.email as account_email, a.programme as account_programme, f.rule,
  f.related_account_id as related_id, r.full_name as related_name, r.email as related_email, f.detail, f.holds_payouts, f.group_key, f.raised_at, f.cleared_at,
  c.full_name as cleared_by_name, c.email as cleared_by_email, f.clear_note`;
const flagJoins = sql`from fraud_flags f ${accountColumnsJoin('a', sql`f.account_id`, ['full_name', 'email', 'programme'])}
  ${accountColumnsJoin('r', sql`f.related_account_id`, ['full_name', 'email'], 'left')}
  ${accountColumnsJoin('c', sql`f.cleared_by`, ['full_name', 'email'], 'left')}`;

async function selectFlags(db: Tx, where: SQL, tail: SQL = sql``) {
  return queryRows<FlagRow>(
    db,
    sql`select ${flagColumns}, count(*) over () as total ${flagJoins} where ${where} order by f.id desc ${tail}`,
  );
}

/** Flags for review: open ones (the default) or cleared ones, newest first. */
export async function listFlags(
  db: Tx,
  options: { state: 'open' | 'cleared'; limit: number; offset: number },
) {
  const rows = await selectFlags(
    db,
    options.state === 'open' ? sql`f.cleared_at is null` : sql`f.cleared_at is not null`,
    sql`limit ${options.limit} offset ${options.offset}`,
  );
  return { total: rows[0] ? Number(rows[0].total) : 0, items: rows.map(toFlag) };
}

export async function flagsOf(db: Tx, accountId: string) {
  return (await selectFlags(db, sql`f.account_id = ${accountId}`)).map(toFlag);
}

/** An administrator clears a flag with a note; the account's payouts resume once no flag of it is open. */
export async function clearFlag(tx: Tx, input: { flagId: number; actorAccountId: string; note: string }) {
  const [disputed] = await queryRows(
    tx,
    sql`select 1 from fraud_flags where id = ${input.flagId} and rule = 'payment_disputed' and cleared_at is null`,
  );
  // The card holder's claim is Paystack's to settle: the hold ends with its resolution (modules/disputes).
  if (disputed)
    throw new DomainError(
      'flag_disputed',
      'This hold ends when Paystack resolves the dispute: answer it from Disputes.',
    );
  const [cleared] = await queryRows<{ account_id: string; rule: string }>(
    tx,
    sql`update fraud_flags set cleared_at = now(), cleared_by = ${input.actorAccountId}, clear_note = ${input.note}
        where id = ${input.flagId} and cleared_at is null returning account_id, rule`,
  );
  if (!cleared) {
    const [exists] = await queryRows(tx, sql`select 1 from fraud_flags where id = ${input.flagId}`);
    throw exists
      ? new DomainError('flag_cleared', 'This flag has already been cleared.')
      : new DomainError('flag_unknown', 'No such flag.');
  }
  await recordAudit(tx, {
    actorAccountId: input.actorAccountId,
    action: 'fraud_flag_cleared',
    targetAccountId: cleared.account_id,
    details: { flagId: input.flagId, rule: cleared.rule, note: input.note },
  });
}

/** Open signals raised together (one address within one hour), largest group first, for review in one step. */
export async function listFlagGroups(db: Tx) {
  const rows = await queryRows<{
    group_key: string;
    rule: FraudRule;
    detail: string;
    count: string;
    holding: string;
    first_at: string | Date;
    last_at: string | Date;
    members: { id: string; fullName: string; email: string }[];
  }>(
    db,
    sql`select f.group_key, min(f.rule) as rule, (array_agg(f.detail order by f.id desc))[1] as detail, count(*) as count, count(*) filter (where f.holds_payouts) as holding,
               min(f.raised_at) as first_at, max(f.raised_at) as last_at,
               json_agg(json_build_object('id', a.id, 'fullName', a.full_name, 'email', a.email) order by f.id) as members
        from fraud_flags f ${accountColumnsJoin('a', sql`f.account_id`, ['id', 'full_name', 'email'])}
        where f.cleared_at is null and f.group_key is not null
        group by f.group_key order by count(*) desc, max(f.raised_at) desc limit 100`,
  );
  return rows.map((r) => ({
    groupKey: r.group_key,
    rule: r.rule,
    ruleText: FRAUD_RULE_TEXT[r.rule],
    detail: r.detail,
    count: Number(r.count),
    holding: Number(r.holding),
    firstRaisedAt: iso(r.first_at)!,
    lastRaisedAt: iso(r.last_at)!,
    members: r.members,
  }));
}

/**
 * Clears every open signal of one group with one note, in one transaction: each cleared flag gets its audit row
 * (so each member's record shows it), and one row names the group, how many, and who.
 */
export async function clearFlagGroup(
  tx: Tx,
  input: { groupKey: string; actorAccountId: string; note: string },
) {
  const cleared = await queryRows<{ id: string; account_id: string; rule: string }>(
    tx,
    sql`update fraud_flags set cleared_at = now(), cleared_by = ${input.actorAccountId}, clear_note = ${input.note}
        where group_key = ${input.groupKey} and cleared_at is null and rule <> 'payment_disputed' returning id, account_id, rule`,
  );
  if (cleared.length === 0)
    throw new DomainError(
      'flag_group_cleared',
      'No open signal is left in this group: it may have been cleared already.',
    );
  for (const flag of cleared)
    await recordAudit(tx, {
      actorAccountId: input.actorAccountId,
      action: 'fraud_flag_cleared',
      targetAccountId: flag.account_id,
      details: { flagId: Number(flag.id), rule: flag.rule, note: input.note, groupKey: input.groupKey },
    });
  await recordAudit(tx, {
    actorAccountId: input.actorAccountId,
    action: 'fraud_flag_group_cleared',
    targetAccountId: null,
    details: {
      groupKey: input.groupKey,
      count: cleared.length,
      flagIds: cleared.map((f) => Number(f.id)),
      note: input.note,
    },
  });
  return cleared.length;
}

/** An administrator decides that an open signal holds the account's payouts after all (audited). */
export async function holdFlag(tx: Tx, input: { flagId: number; actorAccountId: string; note: string }) {
  const [held] = await queryRows<{ account_id: string; rule: string }>(
    tx,
    sql`update fraud_flags set holds_payouts = true where id = ${input.flagId} and cleared_at is null and not holds_payouts returning account_id, rule`,
  );
  if (!held) {
    const [flag] = await queryRows<{ cleared_at: Date | null }>(
      tx,
      sql`select cleared_at from fraud_flags where id = ${input.flagId}`,
    );
    if (!flag) throw new DomainError('flag_unknown', 'No such flag.');
    throw new DomainError(
      'flag_held',
      flag.cleared_at ? 'This flag has already been cleared.' : 'This flag already holds the payouts.',
    );
  }
  await recordAudit(tx, {
    actorAccountId: input.actorAccountId,
    action: 'fraud_flag_held',
    targetAccountId: held.account_id,
    details: { flagId: input.flagId, rule: held.rule, note: input.note },
  });
}
