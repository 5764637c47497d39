import type { AdminInvitationInput } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { hashPassword } from '../../lib/password';
import { newReferralCode } from '../../lib/referral-code';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail } from '../notifications/mail-queue';

/** How long an invitation's link works. */
const INVITATION_HOURS = 72;

/**
 * The active administrators, their rows locked: an invitation, its acceptance and a role change are ordered by
 * these locks, so two of them cannot both see "one administrator".
 */
async function activeAdministrators(tx: Tx) {
  return queryRows<{ id: string; email: string; full_name: string }>(
    tx,
    sql`select id, email, full_name from accounts where programme = 'main' and role = 'admin' and status = 'active' order by id for update`,
  );
}

const notSole = (count: number) =>
  new HttpError(
    409,
    `There are already ${count} administrators. Add another one with Make admin on the Users page: a second administrator approves it.`,
    'not_sole_administrator',
  );

/** What the invitation card shows: whether the viewer is the sole administrator, and the invitation that waits. */
export async function invitationStatus(db: Db) {
  const [row] = await queryRows<{ admins: number; full_name: string | null; email: string | null; created_at: Date | null; expires_at: Date | null }>(
    db,
    sql`select (select count(*)::int from accounts where programme = 'main' and role = 'admin' and status = 'active') as admins,
               i.full_name, i.email, i.created_at, i.expires_at
        from (select 1) one left join admin_invitations i on i.accepted_at is null and i.cancelled_at is null and i.expires_at > now()`,
  );
  return {
    sole: Number(row!.admins) === 1,
    pending: row!.email
      ? { fullName: row!.full_name!, email: row!.email, createdAt: new Date(row!.created_at!).toISOString(), expiresAt: new Date(row!.expires_at!).toISOString() }
      : null,
  };
}

/**
 * A sole administrator invites a second one (with approvals on nobody else could approve it, so this one act needs
 * no approval; after it, there are two and approvals apply). An existing active Main account is made administrator
 * at once; anyone else is mailed a link to choose a password, and becomes administrator only then. A new
 * invitation ends the one waiting. Audited and mailed either way.
 */
export async function inviteAdministrator(db: Db, inviterId: string, input: AdminInvitationInput) {
  const email = input.email.trim().toLowerCase();
  const fullName = input.fullName.trim();
  return db.transaction(async (tx) => {
    const admins = await activeAdministrators(tx);
    if (admins.length !== 1 || admins[0]!.id !== inviterId) throw notSole(admins.length);
    const inviter = admins[0]!;
    const [existing] = await queryRows<{ id: string; role: string; status: string; full_name: string }>(
      tx,
      sql`select id, role, status, full_name from accounts where programme = 'main' and email = ${email} for update`,
    );
    await tx.execute(sql`update admin_invitations set cancelled_at = now() where accepted_at is null and cancelled_at is null`);
    if (existing) {
      if (existing.role === 'admin') throw new HttpError(409, 'This person is an administrator already.', 'already_admin');
      if (existing.status !== 'active') throw new HttpError(409, 'This account is suspended or closed, so it cannot be made an administrator.', 'account_inactive');
      await tx.execute(sql`update accounts set role = 'admin', token_version = token_version + 1, updated_at = now() where id = ${existing.id}`);
      // Kept as an accepted invitation: it is what turns approvals on for a one-administrator deployment.
      await tx.execute(
        sql`insert into admin_invitations (email, full_name, token_hash, invited_by, expires_at, accepted_at, account_id)
            values (${email}, ${existing.full_name}, ${newSecretToken().hash}, ${inviterId}, now(), now(), ${existing.id})`,
      );
      await recordAudit(tx, { actorAccountId: inviterId, action: 'admin_invited', targetAccountId: existing.id, details: { email, promoted: true } });
      await enqueueMail(tx, email, {
        template: 'admin_notice',
        data: {
          name: existing.full_name,
          subject: 'You are now an administrator',
          paragraphs: [
            `${inviter.full_name} made your Main platform account an administrator. Sign in to the admin area with your Main email and password.`,
            'From now on, acts that move money or give power wait for a second administrator: you and they approve each other’s requests.',
          ],
          action: { label: 'Open the admin area', path: '/admin' },
        },
      });
      return { promoted: true, message: `${existing.full_name} (${email}) is now an administrator. From now on a second administrator approves acts that move money or power.` };
    }
    const { token, hash } = newSecretToken();
    await tx.execute(
      sql`insert into admin_invitations (email, full_name, token_hash, invited_by, expires_at)
          values (${email}, ${fullName}, ${hash}, ${inviterId}, now() + make_interval(hours => ${INVITATION_HOURS}))`,
    );
    await recordAudit(tx, { actorAccountId: inviterId, action: 'admin_invited', details: { email, fullName, promoted: false } });
    await enqueueMail(tx, email, { template: 'admin_invitation', data: { name: fullName, inviter: inviter.full_name, token } });
    return { promoted: false, message: `An invitation was mailed to ${email}. ${fullName} becomes an administrator on choosing a password through its link (it works for 3 days).` };
  });
}

/**
 * The invited person's link: a new Main administrator account with the chosen password, its email confirmed by the
 * link. Refused when the administrators changed since (there must still be exactly one), or when a Main account
 * with this email appeared meanwhile (the sole administrator then invites again, which makes that account one).
 */
export async function acceptInvitation(db: Db, input: { token: string; password: string }, passwordHashCost: number) {
  const passwordHash = await hashPassword(input.password, passwordHashCost);
  return db.transaction(async (tx) => {
    const [invitation] = await queryRows<{ id: string; email: string; full_name: string; invited_by: string }>(
      tx,
      sql`select id, email, full_name, invited_by from admin_invitations
          where token_hash = ${hashSecretToken(input.token)} and accepted_at is null and cancelled_at is null and expires_at > now() for update`,
    );
    if (!invitation) throw new HttpError(400, 'This invitation link is not valid or has expired. Ask the administrator to invite you again.', 'invalid_token');
    const admins = await activeAdministrators(tx);
    if (admins.length !== 1) throw new HttpError(409, 'The administrators have changed since this invitation was sent. Ask for a new one.', 'not_sole_administrator');
    const [taken] = await queryRows(tx, sql`select id from accounts where programme = 'main' and email = ${invitation.email}`);
    if (taken)
      throw new HttpError(409, 'A Main account with this email was made after the invitation. Ask the administrator to invite you again: that account will be made an administrator.', 'email_taken');
    const [account] = await queryRows<{ id: string }>(
      tx,
      sql`insert into accounts (programme, email, full_name, phone, address, password_hash, role, referral_code, email_confirmed_at)
          values ('main', ${invitation.email}, ${invitation.full_name}, '00000000000', 'Head office', ${passwordHash}, 'admin', ${newReferralCode()}, now())
          returning id`,
    );
    await tx.execute(sql`update admin_invitations set accepted_at = now(), account_id = ${account!.id} where id = ${invitation.id}`);
    await recordAudit(tx, {
      actorAccountId: account!.id,
      action: 'admin_invitation_accepted',
      targetAccountId: account!.id,
      details: { email: invitation.email, invitedBy: invitation.invited_by },
    });
    const inviter = admins[0]!;
    await enqueueMail(tx, inviter.email, {
      template: 'admin_notice',
      data: {
        name: inviter.full_name,
        subject: `${invitation.full_name} is now an administrator`,
        paragraphs: [
          `${invitation.full_name} (${invitation.email}) accepted your invitation and is now an administrator.`,
          'From now on, acts that move money or give power wait for a second administrator on the Approvals page.',
        ],
        action: { label: 'Open Approvals', path: '/adminapprovals' },
      },
    });
    return { email: invitation.email };
  });
}
