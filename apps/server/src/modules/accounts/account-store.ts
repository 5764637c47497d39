import type { Programme } from '@coop/core';
import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts } from '../../db/schema';

/**
 * The accounts table's one store (decision 0047): every other module reads and writes an account through these
 * functions, or joins one of the named fragments of account-sql.ts into its own statement.
 */
export type Account = typeof accounts.$inferSelect;
export type AccountStatus = Account['status'];
export type AccountRole = Account['role'];

/** Who an account is, for a notice or a list: never its password or personal details beyond the name and email. */
export interface AccountContact {
  id: string;
  email: string;
  fullName: string;
}

export async function findAccount(db: Tx, accountId: string): Promise<Account | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row ?? null;
}

export async function findAccountByEmail(
  db: Tx,
  programme: Programme,
  email: string,
): Promise<Account | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.programme, programme), eq(accounts.email, email)));
  return row ?? null;
}

/** The account holding a referral code, in any programme (the caller says which programme it must be). */
export async function findAccountByReferralCode(db: Tx, code: string) {
  const [row] = await db
    .select({ id: accounts.id, programme: accounts.programme })
    .from(accounts)
    .where(eq(accounts.referralCode, code));
  return row ?? null;
}

/** Whether any account, of either programme, uses the email. */
export async function emailInUse(db: Tx, email: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
  return row !== undefined;
}

/**
 * Locks the account's row until the caller's transaction ends: what is decided for one account (a payment, a
 * grant, a status) is decided one at a time. Returns the row, or null when there is no such account.
 */
export async function lockAccount(tx: Tx, accountId: string): Promise<Account | null> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  return row ?? null;
}

/** Name and email of each account, for notices and lists built in code (one statement for all of them). */
export async function contactsOf(
  db: Tx,
  accountIds: readonly string[],
): Promise<Map<string, AccountContact>> {
  if (accountIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; email: string; full_name: string }>(
    db,
    sql`select id, email, full_name from accounts where id in (${sql.join(
      [...new Set(accountIds)].map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, email: r.email, fullName: r.full_name }]));
}

export async function contactOf(db: Tx, accountId: string): Promise<AccountContact | null> {
  return (await contactsOf(db, [accountId])).get(accountId) ?? null;
}

/** The administrators who can act now (active), oldest first: who is told of what waits for an administrator. */
export async function activeAdministrators(
  db: Tx,
  options: { except?: string; mainOnly?: boolean } = {},
): Promise<AccountContact[]> {
  return db
    .select({ id: accounts.id, email: accounts.email, fullName: accounts.fullName })
    .from(accounts)
    .where(
      and(
        eq(accounts.role, 'admin'),
        eq(accounts.status, 'active'),
        options.mainOnly ? eq(accounts.programme, 'main') : undefined,
        options.except ? ne(accounts.id, options.except) : undefined,
      ),
    )
    .orderBy(asc(accounts.createdAt));
}

/**
 * The platform's administrators: Main accounts with the role that are not closed (a suspended one still counts).
 * With `lock`, every row is locked (in id order, so two callers never wait on each other in a circle).
 */
export async function standingAdministrators(db: Tx, options: { lock?: boolean } = {}) {
  const query = db
    .select({ id: accounts.id, email: accounts.email, fullName: accounts.fullName, status: accounts.status })
    .from(accounts)
    .where(and(eq(accounts.programme, 'main'), eq(accounts.role, 'admin'), ne(accounts.status, 'closed')))
    .orderBy(asc(accounts.id));
  const rows = await (options.lock ? query.for('update') : query);
  return rows as Array<AccountContact & { status: 'active' | 'suspended' }>;
}

/** How many administrators the platform has (suspended ones included), as a scalar for a statement of the caller's. */
export const standingAdministratorCount = (): SQL =>
  sql`(select count(*) from accounts where programme = 'main' and role = 'admin' and status <> 'closed')`;

export interface NewAccount {
  programme: Programme;
  email: string;
  fullName: string;
  phone: string;
  address: string;
  passwordHash: string;
  referralCode: string;
  role?: AccountRole;
  sponsorAccountId?: string | null;
  /** `sql\`now()\`` for the transaction's time. */
  emailConfirmedAt?: Date | SQL | null;
  privacyNoticeVersion?: string | null;
  privacyNoticeAcceptedAt?: Date | SQL | null;
  /** The plan version whose terms the sign-up accepted (decision 0060). */
  termsVersion?: number | null;
  termsAcceptedAt?: Date | SQL | null;
}

/**
 * Inserts an account, leaving both unique rules (email per programme, referral code everywhere) to the database:
 * null when one of them conflicts, so the caller decides whether the email is taken or the code must be drawn again.
 */
export async function insertAccount(tx: Tx, values: NewAccount): Promise<{ id: string } | null> {
  const [row] = await tx.insert(accounts).values(values).onConflictDoNothing().returning({ id: accounts.id });
  return row ?? null;
}

/** Marks the email confirmed, once (a second confirmation keeps the first date). */
export async function confirmAccountEmail(tx: Tx, accountId: string) {
  await tx
    .update(accounts)
    .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), isNull(accounts.emailConfirmedAt)));
}

/**
 * A new password. `endAccessTokens` raises the token version, so every access token already given out stops working;
 * `confirmEmail` marks the email confirmed when it was not (a mailed link proves the address).
 */
export async function setPassword(
  tx: Tx,
  accountId: string,
  passwordHash: string,
  options: { endAccessTokens?: boolean; confirmEmail?: boolean } = {},
) {
  await tx
    .update(accounts)
    .set({
      passwordHash,
      ...(options.endAccessTokens ? { tokenVersion: sql`${accounts.tokenVersion} + 1` } : {}),
      ...(options.confirmEmail
        ? { emailConfirmedAt: sql`coalesce(${accounts.emailConfirmedAt}, now())` }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, accountId));
}

/** Whether another account of the programme already uses the email. */
export async function emailTakenByAnother(
  db: Tx,
  account: { id: string; programme: Programme },
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.programme, account.programme), eq(accounts.email, email), ne(accounts.id, account.id)),
    );
  return row !== undefined;
}

/** A correction of the name, phone and address (the email changes only through email-changes.ts). */
export async function updateAccountDetails(
  tx: Tx,
  accountId: string,
  details: { fullName: string; phone: string; address: string },
) {
  await tx
    .update(accounts)
    .set({ ...details, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
}

/** The account of the programme using the email, locked until the caller's transaction ends. */
export async function lockAccountByEmail(
  tx: Tx,
  programme: Programme,
  email: string,
): Promise<Account | null> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.programme, programme), eq(accounts.email, email)))
    .for('update');
  return row ?? null;
}

/**
 * Makes the account an administrator. Access tokens already given out stop working (their role is the old one);
 * a new password, when given, also confirms the email (the owner set it at the server).
 */
export async function grantAdministratorRole(
  tx: Tx,
  accountId: string,
  options: { passwordHash?: string } = {},
) {
  await tx
    .update(accounts)
    .set({
      role: 'admin',
      tokenVersion: sql`${accounts.tokenVersion} + 1`,
      updatedAt: new Date(),
      ...(options.passwordHash
        ? {
            passwordHash: options.passwordHash,
            emailConfirmedAt: sql`coalesce(${accounts.emailConfirmedAt}, now())`,
          }
        : {}),
    })
    .where(eq(accounts.id, accountId));
}

/** Whether the database holds any administrator account at all (of any status): a fresh one holds none. */
export async function hasAnyAdministrator(db: Tx): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.role, 'admin'))
    .limit(1);
  return row !== undefined;
}
