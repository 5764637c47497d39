import { DomainError } from '@coop/core';
import type { AdminInvitationInput } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { contactOf, emailInUse, insertAccount } from '../accounts/account-store';
import { hashPassword } from '../../lib/password';
import { newReferralCode } from '../../lib/referral-code';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail, mailAdministrators } from '../notifications/mail-queue';
import { administratorsNow } from './remove-admin';
import { pendingOfKind, type ApprovalRow } from '../approvals/approval-store';

/** Whether an invited administrator accepted, as a condition: approvals' `needsSecondAdministrator` is given it. */
export const invitationAccepted = sql`exists (select 1 from admin_invitations where accepted_at is not null)`;

/** How long an invitation's link works. */
const INVITATION_HOURS = 72;

const hasAccount = (email: string) =>
  new DomainError(
    'member_account',
    `${email} already has an account on the platform. An administrator is a separate account that only an invitation makes: ask the person for another email address for their administrator account.`,
  );

/**
 * An administrator is a person who accepted an invitation, never a member account switched over (decision 0038): an
 * email that any account of either programme uses is refused, when asked, when approved and when accepted.
 */
export async function assertInvitable(tx: Tx, email: string) {
  if (await emailInUse(tx, email)) throw hasAccount(email);
}

/** What the invitation card shows: whether an invitation goes at once, those mailed, and those waiting for approval. */
export async function invitationStatus(db: Db, viewerId: string) {
  const admins = await administratorsNow(db);
  const invitations = await queryRows<{
    full_name: string;
    email: string;
    created_at: Date;
    expires_at: Date;
  }>(
    db,
    sql`select full_name, email, created_at, expires_at from admin_invitations
        where accepted_at is null and cancelled_at is null and expires_at > now() order by created_at`,
  );
  const waiting = (await pendingOfKind(db, 'make_admin')) as Array<
    ApprovalRow & { payload: { email: string; fullName: string } }
  >;
  const iso = (at: Date | string) => new Date(at).toISOString();
  return {
    sole: admins.length === 1 && admins[0]!.id === viewerId,
    invitations: invitations.map((i) => ({
      fullName: i.full_name,
      email: i.email,
      createdAt: iso(i.created_at),
      expiresAt: iso(i.expires_at),
    })),
    waiting: waiting.map((w) => ({
      approvalId: Number(w.id),
      fullName: w.payload.fullName,
      email: w.payload.email,
      askedBy: { fullName: w.maker_name, email: w.maker_email },
      createdAt: iso(w.created_at),
    })),
  };
}

/**
 * Mails the invitation's link (a new one for the same address ends the one waiting). Called for the sole
 * administrator at once, and for everyone else when a second administrator approved the invitation. Audited.
 */
export async function sendInvitation(
  tx: Tx,
  input: { email: string; fullName: string; inviterId: string; approvedBy: string | null },
) {
  await assertInvitable(tx, input.email);
  const inviter = await contactOf(tx, input.inviterId);
  await tx.execute(
    sql`update admin_invitations set cancelled_at = now() where email = ${input.email} and accepted_at is null and cancelled_at is null`,
  );
  const { token, hash } = newSecretToken();
  await tx.execute(
    sql`insert into admin_invitations (email, full_name, token_hash, invited_by, expires_at)
        values (${input.email}, ${input.fullName}, ${hash}, ${input.inviterId}, now() + make_interval(hours => ${INVITATION_HOURS}))`,
  );
  await recordAudit(tx, {
    actorAccountId: input.inviterId,
    action: 'admin_invited',
    details: { email: input.email, fullName: input.fullName, approvedBy: input.approvedBy },
  });
  await enqueueMail(tx, input.email, {
    template: 'admin_invitation',
    data: { name: input.fullName, inviter: inviter!.fullName, token },
  });
  return {
    message: `An invitation was mailed to ${input.email}. ${input.fullName} becomes an administrator on choosing a password through its link (it works for 3 days), and must set up two-factor sign-in before their approvals count.`,
  };
}

/**
 * The sole administrator (no other administrator exists, whatever its status) invites at once: nobody else could
 * approve it. Checked again under the administrators' row locks, so an invitation approved meanwhile is seen.
 */
export async function inviteAsSoleAdministrator(db: Db, inviterId: string, input: AdminInvitationInput) {
  return db.transaction(async (tx) => {
    const admins = await administratorsNow(tx, { lock: true });
    if (admins.length !== 1 || admins[0]!.id !== inviterId) return null;
    return sendInvitation(tx, {
      email: input.email.trim().toLowerCase(),
      fullName: input.fullName.trim(),
      inviterId,
      approvedBy: null,
    });
  });
}

/**
 * The invited person's link: a new Main administrator account with the chosen password, its email confirmed by the
 * link. Refused when any account with this email appeared meanwhile. Every administrator is told, with the rule
 * that the newcomer's approvals count only once they set up two-factor sign-in.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; password: string },
  passwordHashCost: number,
) {
  const passwordHash = await hashPassword(input.password, passwordHashCost);
  return db.transaction(async (tx) => {
    const [invitation] = await queryRows<{
      id: string;
      email: string;
      full_name: string;
      invited_by: string;
    }>(
      tx,
      sql`select id, email, full_name, invited_by from admin_invitations
          where token_hash = ${hashSecretToken(input.token)} and accepted_at is null and cancelled_at is null and expires_at > now() for update`,
    );
    if (!invitation)
      throw new DomainError(
        'invalid_token',
        'This invitation link is not valid or has expired. Ask the administrator to invite you again.',
      );
    // Screens name maker and checker by name and email: an administrator is never made without a name (issue 35).
    // The invitation's form requires one; this holds for an invitation written by any other way.
    if (!invitation.full_name.trim())
      throw new DomainError(
        'invitation_unnamed',
        'This invitation has no name for you. Ask the administrator to invite you again with your full name.',
      );
    const admins = await administratorsNow(tx, { lock: true });
    if (!admins.some((a) => a.id === invitation.invited_by))
      throw new DomainError(
        'inviter_gone',
        'The administrator who invited you is no longer one. Ask another administrator for a new invitation.',
      );
    await assertInvitable(tx, invitation.email);
    const account = await insertAccount(tx, {
      programme: 'main',
      email: invitation.email,
      fullName: invitation.full_name,
      phone: '00000000000',
      address: 'Head office',
      passwordHash,
      role: 'admin',
      referralCode: newReferralCode(),
      emailConfirmedAt: sql`now()`,
    });
    // The email was checked free just above, under the administrators' lock: only a referral code drawn twice conflicts.
    if (!account) throw new Error('could not create the administrator account: try again');
    await tx.execute(
      sql`update admin_invitations set accepted_at = now(), account_id = ${account.id} where id = ${invitation.id}`,
    );
    await recordAudit(tx, {
      actorAccountId: account.id,
      action: 'admin_invitation_accepted',
      targetAccountId: account.id,
      details: { email: invitation.email, invitedBy: invitation.invited_by },
    });
    await mailAdministrators(
      tx,
      admins.filter((a) => a.status === 'active'),
      {
        subject: `${invitation.full_name} is now an administrator`,
        paragraphs: [
          `${invitation.full_name} (${invitation.email}) accepted an invitation and is now an administrator.`,
          'Acts that move money or give power wait for a second administrator on the Approvals page; an approval of theirs counts only once they have set up two-factor sign-in.',
        ],
        action: { label: 'Open Approvals', path: '/adminapprovals' },
      },
    );
    return { email: invitation.email };
  });
}
