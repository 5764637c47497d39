import { sql, type SQL } from 'drizzle-orm';
import { FRAUD_RULE_TEXT, type FraudRule, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { HttpError } from '../../plugins/errors';
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
  raised_at: string | Date;
  cleared_at: string | Date | null;
  cleared_by_name: string | null;
  clear_note: string | null;
  total?: string;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toFlag(r: FlagRow) {
  return {
    id: Number(r.id),
    account: { id: r.account_id, fullName: r.account_name, email: r.account_email, programme: r.account_programme },
    rule: r.rule,
    ruleText: FRAUD_RULE_TEXT[r.rule],
    related: r.related_id ? { id: r.related_id, fullName: r.related_name ?? '', email: r.related_email ?? '' } : null,
    detail: r.detail,
    raisedAt: iso(r.raised_at)!,
    clearedAt: iso(r.cleared_at),
    clearedBy: r.cleared_by_name,
    clearNote: r.clear_note,
  };
}

const flagColumns = sql`f.id, f.account_id, a.full_name as account_name, a.email as account_email, a.programme as account_programme, f.rule,
  f.related_account_id as related_id, r.full_name as related_name, r.email as related_email, f.detail, f.raised_at, f.cleared_at,
  c.full_name as cleared_by_name, f.clear_note`;
const flagJoins = sql`from fraud_flags f join accounts a on a.id = f.account_id
  left join accounts r on r.id = f.related_account_id left join accounts c on c.id = f.cleared_by`;

async function selectFlags(db: Tx, where: SQL, tail: SQL = sql``) {
  return queryRows<FlagRow>(db, sql`select ${flagColumns}, count(*) over () as total ${flagJoins} where ${where} order by f.id desc ${tail}`);
}

/** Flags for review: open ones (the default) or cleared ones, newest first. */
export async function listFlags(db: Tx, options: { state: 'open' | 'cleared'; limit: number; offset: number }) {
  const rows = await selectFlags(db, options.state === 'open' ? sql`f.cleared_at is null` : sql`f.cleared_at is not null`, sql`limit ${options.limit} offset ${options.offset}`);
  return { total: rows[0] ? Number(rows[0].total) : 0, items: rows.map(toFlag) };
}

export async function flagsOf(db: Tx, accountId: string) {
  return (await selectFlags(db, sql`f.account_id = ${accountId}`)).map(toFlag);
}

/** An administrator clears a flag with a note; the account's payouts resume once no flag of it is open. */
export async function clearFlag(tx: Tx, input: { flagId: number; actorAccountId: string; note: string }) {
  const [cleared] = await queryRows<{ account_id: string; rule: string }>(
    tx,
    sql`update fraud_flags set cleared_at = now(), cleared_by = ${input.actorAccountId}, clear_note = ${input.note}
        where id = ${input.flagId} and cleared_at is null returning account_id, rule`,
  );
  if (!cleared) {
    const [exists] = await queryRows(tx, sql`select 1 from fraud_flags where id = ${input.flagId}`);
    throw exists ? new HttpError(409, 'This flag has already been cleared.', 'flag_cleared') : new HttpError(404, 'No such flag.', 'flag_unknown');
  }
  await recordAudit(tx, {
    actorAccountId: input.actorAccountId,
    action: 'fraud_flag_cleared',
    targetAccountId: cleared.account_id,
    details: { flagId: input.flagId, rule: cleared.rule, note: input.note },
  });
}
