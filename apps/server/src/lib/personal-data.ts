import type { Programme } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { queryRows } from '../db/rows';

/**
 * The shape of one module's part of a member's personal data (decision 0048). Each module that owns a table holding
 * personal data declares its part in its own `personal-data.ts`, written with its own tables; the privacy module
 * lists the parts and asks each in turn (the export, the erasure, the retention job) and names no table but its
 * own. This file stands below the modules so that an owner imports the shape without importing privacy.
 */

/** What an owner's export is told about the member whose data is read. */
export interface ExportContext {
  accountId: string;
  programme: Programme;
  /** Other members' full names in texts written to this member give way to the short names their matrix shows. */
  shorten(text: string): string;
}

/** The member being erased, read (and the account locked) before any owner erases anything. */
export interface ErasedMember {
  accountId: string;
  email: string;
  fullName: string;
  /** Every personal value of the member three characters or longer, longest first, for free text kept elsewhere. */
  values: readonly string[];
  now: Date;
}

/** A reason erasure must wait, asked in the one statement that reads where an account stands. */
export interface ErasureHold {
  /** A scalar sub-select about the account whose id is `accountId` (SQL, a uuid). */
  value(accountId: SQL): SQL;
  /** The operator's words when the value defers erasure; null when it does not. */
  blocker(value: string | null): string | null;
}

export interface RetentionContext {
  now: Date;
  rules: Config['retention'];
}

export interface PersonalDataPart {
  /** The owning module, for messages. */
  owner: string;
  /** The sections this owner adds to the My Data document (section name -> its rows or fields). */
  export?(tx: Tx, member: ExportContext): Promise<Record<string, unknown>>;
  /** The rows of the download that grow with time, for the size above which it is built in the background. */
  historyRows?(tx: Tx, accountId: string): Promise<number>;
  /** The member's values this owner holds that other records' free text may quote (a bank account number). */
  quotedValues?(tx: Tx, accountId: string): Promise<(string | null)[]>;
  /** What this owner still owes the member, or may have to prove, that defers erasure. */
  holds?: readonly ErasureHold[];
  /** Deletes what exists only because of the member; replaces the member's values in what is kept for other reasons. */
  erase?(tx: Tx, member: ErasedMember): Promise<void>;
  /** Deletes what is kept no longer than the retention settings allow; answers counts by name. */
  retain?(tx: Tx, context: RetentionContext): Promise<Record<string, number>>;
}

/** What a member's value becomes in free text kept for other reasons. */
export const ERASED = '[erased]';
/** What an erased member's name becomes in other members' texts. */
export const FORMER_MEMBER_MENTION = 'a former member';

/**
 * `replace(col, v, by)` for each value in turn, each value a bound parameter; a `json` column is rewritten through
 * its text, with the values JSON-escaped as they appear there. A null column stays null. `column` is the caller's
 * own constant, never input.
 */
export function replacing(column: string, values: readonly string[], by: string, json = false): SQL {
  let expr: SQL = sql.raw(json ? `${column}::text` : column);
  for (const value of values)
    expr = sql`replace(${expr}, ${json ? JSON.stringify(value).slice(1, -1) : value}, ${by})`;
  return json ? sql`(${expr})::jsonb` : expr;
}

/** The member's values replaced by [erased] in `column`. */
export const erasing = (member: ErasedMember, column: string, json = false) =>
  replacing(column, member.values, ERASED, json);

/** The member's name replaced by "a former member" in `column`. */
export const mentioning = (member: ErasedMember, column: string, json = false) =>
  replacing(column, [member.fullName], FORMER_MEMBER_MENTION, json);

/** How many rows a delete or update (without its own `returning`) touched. */
export async function countAffected(tx: Tx, statement: SQL): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with done as (${statement} returning 1) select count(*)::int as n from done`,
  );
  return rows[0]!.n;
}

type When = string | Date | null;
/** A timestamp as the export writes it. */
export const isoOrNull = (d: When) => (d === null ? null : new Date(d).toISOString());

/** The same moment `months` calendar months earlier (UTC). */
export const monthsBefore = (now: Date, months: number) => {
  const at = new Date(now.getTime());
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
};
