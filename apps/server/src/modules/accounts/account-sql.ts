import { sql, type SQL } from 'drizzle-orm';

/**
 * Named SQL fragments for statements of other modules that must read an account's columns in the same statement
 * (paged lists, CSVs, hot reads): one statement, not one more per row. They give the columns asked for, never the
 * table itself (decision 0047).
 */
export type AccountColumn =
  | 'id'
  | 'programme'
  | 'email'
  | 'full_name'
  | 'phone'
  | 'address'
  | 'role'
  | 'referral_code'
  | 'sponsor_account_id'
  | 'email_confirmed_at'
  | 'token_version'
  | 'status'
  | 'closure_requested_at'
  | 'closure_confirmed_at'
  | 'closed_at'
  | 'erased_at'
  | 'created_at';

const columnList = (columns: readonly AccountColumn[]) =>
  sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );

/**
 * `join lateral (select <columns> of the account whose id is accountId) <alias> on true`: the columns read as
 * `<alias>.<column>`, like a join of the account. Inner by default (a row without its account is left out);
 * `left` keeps the row with nulls, as a left join does.
 */
export function accountColumnsJoin(
  alias: string,
  accountId: SQL,
  columns: readonly AccountColumn[],
  kind: 'inner' | 'left' = 'inner',
): SQL {
  return sql`${kind === 'left' ? sql`left join lateral` : sql`join lateral`} (select ${columnList(columns)} from accounts where id = ${accountId}) ${sql.identifier(alias)} on true`;
}

/** The account's full name, as a scalar (null without an account). */
export const accountName = (accountId: SQL): SQL =>
  sql`(select full_name from accounts where id = ${accountId})`;

/** The account's email, as a scalar. */
export const accountEmail = (accountId: SQL): SQL =>
  sql`(select email from accounts where id = ${accountId})`;

/**
 * `(select <columns> from the accounts) <alias>`, for a statement that lists accounts (paged lists, CSVs): the
 * caller filters and orders on `<alias>.<column>` in its own statement; only the columns asked for are readable.
 */
export function accountColumnsFrom(alias: string, columns: readonly AccountColumn[]): SQL {
  return sql`(select ${columnList(columns)} from accounts) ${sql.identifier(alias)}`;
}

/**
 * `accountColumnsFrom` as text, for a statement prepared once by name (the access check of every signed-in call,
 * modules/access): the columns asked for, never the table for free use.
 */
export const accountColumnsFromText = (alias: string, columns: readonly AccountColumn[]) =>
  `(select ${columns.map((c) => `"${c}"`).join(', ')} from accounts) ${alias}`;

/**
 * The same fragments as text, for prepared statements (their text is fixed once; `accountIdText` is a parameter
 * such as `$1` or a column of the statement).
 */
const columnListText = (columns: readonly AccountColumn[]) => columns.join(', ');

export function accountColumnsJoinText(
  alias: string,
  accountIdText: string,
  columns: readonly AccountColumn[],
  kind: 'inner' | 'left' = 'inner',
): string {
  return `${kind === 'left' ? 'left join lateral' : 'join lateral'} (select ${columnListText(columns)} from accounts where id = ${accountIdText}) ${alias} on true`;
}

/** `accountName` as text, for prepared statements. */
export const accountNameText = (accountIdText: string) =>
  `(select full_name from accounts where id = ${accountIdText})`;

/** A boolean: some account was made before `at` (the platform was in use then). */
export const accountsExistedBefore = (at: Date): SQL =>
  sql`exists (select 1 from accounts where created_at < ${at})`;

/**
 * An administrator as the screens name them (name and email, issue 35), from the `full_name` and `email` an
 * `accountColumnsJoin` of their id gave the caller's statement; null when the statement names nobody.
 */
export const adminNameOf = (fullName: string | null, email: string | null) =>
  fullName === null || email === null ? null : { fullName, email };
