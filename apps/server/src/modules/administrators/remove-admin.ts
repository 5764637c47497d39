import { DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { activeAdministrators, standingAdministrators } from '../accounts/account-store';
import { changeAccountStatus } from '../accounts/status-changes';
import { declinePendingOfMaker } from '../approvals/approval-store';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail, mailAdministrators } from '../notifications/mail-queue';
import { revokeAccountSessions } from '../sessions/sessions';

const ownRole = () =>
  new DomainError(
    'own_admin_role',
    'You cannot remove your own administrator role: ask another administrator.',
  );
const lastAdmin = () =>
  new DomainError(
    'last_admin',
    'This is the last administrator: another administrator must exist before this one is removed.',
  );

/**
 * The administrators of the platform: Main accounts with the role that are not closed. A suspended administrator is
 * one (nobody is "the only administrator" while another exists, decision 0038); a removed one is closed, and is not.
 * With `lock`, every row is locked, so two removals or an invitation and a removal are ordered.
 */
export async function administratorsNow(tx: Tx, options: { lock?: boolean } = {}) {
  return standingAdministrators(tx, options);
}

/**
 * The checks of a removal, made when it is asked for and again, under lock, when it is carried out: never the
 * asker's own role, never the last administrator.
 */
export async function assertRemovable(
  tx: Tx,
  input: { askedBy: string | null; accountId: string; lock?: boolean },
) {
  if (input.accountId === input.askedBy) throw ownRole();
  const admins = await administratorsNow(tx, { lock: input.lock });
  const target = admins.find((a) => a.id === input.accountId);
  if (!target) throw new DomainError('admin_role_absent', 'This account is not an administrator.');
  if (admins.length <= 1) throw lastAdmin();
  return target;
}

type RemovalWay = 'approved' | 'notice' | 'admin:revoke';

const HOW: Record<RemovalWay, string> = {
  approved: 'approved by a second administrator',
  notice: 'at the end of its notice, as no other administrator declined it',
  'admin:revoke': 'by the owner at the server (npm run admin:revoke)',
};

/**
 * Removes an administrator (decision 0038). The account is closed, not turned into a member: a person who was an
 * administrator never gets a member account out of it (their programme account, if any, is another address). Its
 * token version moves and every session ends, so the person is signed out at once; their waiting requests are
 * withdrawn and their open invitations end. Audited, and mailed to every administrator and to the person.
 */
export async function removeAdministrator(
  tx: Tx,
  input: {
    accountId: string;
    makerId: string | null;
    checkerId: string | null;
    way: RemovalWay;
    reason?: string | null;
  },
) {
  const target = await assertRemovable(tx, {
    askedBy: input.makerId,
    accountId: input.accountId,
    lock: true,
  });
  if (input.checkerId !== null && input.accountId === input.checkerId) throw ownRole();
  await changeAccountStatus(
    tx,
    {
      accountId: input.accountId,
      from: target.status,
      to: 'closed',
      reason: 'admin_removed',
      note: input.reason ?? HOW[input.way],
      actorAccountId: input.makerId,
    },
    { endAccessTokens: true },
  );
  await revokeAccountSessions(tx, input.accountId, 'role_removed');
  const withdrawn = await declinePendingOfMaker(
    tx,
    input.accountId,
    'Withdrawn: its maker is no longer an administrator.',
  );
  await tx.execute(
    sql`update admin_invitations set cancelled_at = now() where invited_by = ${input.accountId} and accepted_at is null and cancelled_at is null`,
  );
  await recordAudit(tx, {
    actorAccountId: input.makerId,
    action: input.way === 'admin:revoke' ? 'admin_revoked' : 'remove_admin',
    targetAccountId: input.accountId,
    details: {
      email: target.email,
      approvedBy: input.checkerId,
      way: input.way,
      reason: input.reason ?? null,
      withdrawnRequests: withdrawn.map((r) => Number(r.id)),
    },
  });
  const others = await activeAdministrators(tx, { mainOnly: true });
  const said = `${target.fullName} (${target.email}) is no longer an administrator: removed ${HOW[input.way]}.${input.reason ? ` The reason given: ${input.reason}` : ''}`;
  await mailAdministrators(tx, others, {
    subject: `${target.fullName} is no longer an administrator`,
    paragraphs: [
      said,
      'Their sessions have ended, their waiting requests are withdrawn and their account is closed.',
    ],
    action: { label: 'See the administrators', path: '/makeadmin' },
  });
  await enqueueMail(tx, target.email, {
    template: 'admin_notice',
    data: {
      name: target.fullName,
      subject: 'You are no longer an administrator',
      paragraphs: [
        said,
        'Your administrator account is closed and you have been signed out. If you think this is a mistake, speak to the other administrators.',
      ],
      action: { label: 'Open the site', path: '/' },
    },
  });
  return { email: target.email, fullName: target.fullName };
}
