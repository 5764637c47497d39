import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';

/**
 * PUT /admin/adminRoles/:email. The admin area is entered through the Main login, so the role is given to the
 * person's Main account. An email with only a Welcome Back account is refused with what to do instead: a
 * Welcome Back account never becomes an administrator (its login treats only role 'user' as valid).
 */
export async function makeAdministrator(db: Db, actorAccountId: string, email: string) {
  const main = await findPromotable(db, email);
  if (main.role === 'admin') return { changed: false as const, accountId: main.id };
  return db.transaction(async (tx) => {
    // The token version moves so the person's open sessions pick the new role up at their next renewal.
    const promoted = await queryRows(
      tx,
      sql`update accounts set role = 'admin', token_version = token_version + 1, updated_at = now()
          where id = ${main.id} and role = 'user' returning id`,
    );
    if (promoted.length === 0) return { changed: false as const, accountId: main.id };
    await recordAudit(tx, { actorAccountId, action: 'make_admin', targetAccountId: main.id, details: { email, programme: 'main' } });
    return { changed: true as const, accountId: main.id };
  });
}

/** The Main account an email names, if it may become an administrator (asked before the approval, and again at it). */
export async function findPromotable(db: Db, email: string) {
  const found = await db
    .select({ id: accounts.id, programme: accounts.programme, role: accounts.role, status: accounts.status, fullName: accounts.fullName })
    .from(accounts)
    .where(eq(accounts.email, email));
  const main = found.find((a) => a.programme === 'main');
  if (!main) {
    if (found.length > 0) {
      throw new HttpError(
        409,
        'This email has only a Welcome Back account. Administrators sign in with a Main platform account: ask the person to register on the Main platform first.',
        'welcomeback_only',
      );
    }
    throw new HttpError(404, 'No account uses this email.', 'no_account');
  }
  if (main.status !== 'active') throw new HttpError(409, 'This account is suspended or closed, so it cannot be made an administrator.', 'account_inactive');
  return main;
}
