import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { revokeAccountSessions } from '../sessions/sessions';

const ownRole = () => new HttpError(409, 'You cannot remove your own administrator role: ask another administrator.', 'own_admin_role');
const lastAdmin = () =>
  new HttpError(409, 'This is the last administrator: make someone else an administrator before removing this one.', 'last_admin');

/**
 * The checks of a removal, made when it is asked for and again, under lock, when it is carried out: never the
 * asker's own role, never the last administrator.
 */
export async function assertRemovable(tx: Tx, input: { askedBy: string; accountId: string; lock?: boolean }) {
  if (input.accountId === input.askedBy) throw ownRole();
  // Every administrator row is locked, so two removals approved at once cannot both see "two administrators left".
  const admins = await queryRows<{ id: string }>(
    tx,
    sql`select id from accounts where programme = 'main' and role = 'admin' order by id ${input.lock ? sql`for update` : sql``}`,
  );
  if (!admins.some((a) => a.id === input.accountId)) throw new HttpError(409, 'This account is not an administrator.', 'not_admin');
  if (admins.length <= 1) throw lastAdmin();
}

/**
 * Takes the administrator role away: the account becomes a member again, its token version moves and every
 * session it has ends, so the removed person is signed out at once (the auth hook checks both on every call).
 */
export async function removeAdministrator(tx: Tx, input: { makerId: string; checkerId: string; accountId: string }) {
  await assertRemovable(tx, { askedBy: input.makerId, accountId: input.accountId, lock: true });
  if (input.accountId === input.checkerId) throw ownRole();
  const [row] = await queryRows<{ email: string }>(
    tx,
    sql`update accounts set role = 'user', token_version = token_version + 1, updated_at = now()
        where id = ${input.accountId} and role = 'admin' returning email`,
  );
  await revokeAccountSessions(tx, input.accountId, 'role_removed');
  await recordAudit(tx, {
    actorAccountId: input.makerId,
    action: 'remove_admin',
    targetAccountId: input.accountId,
    details: { email: row!.email, approvedBy: input.checkerId },
  });
}
