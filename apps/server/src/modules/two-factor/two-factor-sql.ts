import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the account `accountIdSql` names has confirmed a second factor, as a condition of another module's statement
 * (the administrators list; the session's access check), so no caller names admin_two_factor.
 */
export const secondFactorConfirmed = (accountIdSql: SQL) =>
  sql`exists (select 1 from admin_two_factor f where f.account_id = ${accountIdSql} and f.confirmed_at is not null)`;

/** The same condition as text, for a statement prepared once by name (the access check: `accountIdColumn` is e.g. `a.id`). */
export const secondFactorConfirmedText = (accountIdColumn: string) =>
  `exists (select 1 from admin_two_factor f where f.account_id = ${accountIdColumn} and f.confirmed_at is not null)`;
