import type { ApprovalAct } from '../approvals/approval-acts';
import { assertInvitable, sendInvitation } from './invite-admin';
import { assertRemovable, removeAdministrator } from './remove-admin';

/**
 * Inviting an administrator while another exists waits for a second administrator; the link is mailed only when
 * approved (decision 0038). The invited person has no account yet, so the request names no target.
 */
export const makeAdminApproval: ApprovalAct<{ email: string; fullName: string }> = {
  kind: 'make_admin',
  keyPrefix: 'invite-admin',
  inApprovalTransaction: true,
  subjectKey: ({ email }) => `admin-invite:${email}`,
  async describe(deps, _maker, { email, fullName }) {
    await assertInvitable(deps.db, email);
    return {
      summary: `invite ${fullName} (${email}) to become an administrator: a mailed link, their own password and two-factor sign-in`,
      targetAccountId: null,
      amountKobo: null,
    };
  },
  async carryOut({ email, fullName }, { maker, checkerId }, tx) {
    await sendInvitation(tx, { email, fullName, inviterId: maker.id, approvedBy: checkerId });
    return { email };
  },
};

/**
 * Removing an administrator: the one it names may neither approve nor decline it (their decline is an objection),
 * and it takes effect after ADMIN_REMOVAL_NOTICE_HOURS unless an administrator other than the maker and the target
 * declines it, so two administrators can part without the target's consent and without one person alone at once.
 */
export const removeAdminApproval: ApprovalAct<{ accountId: string; email: string }> = {
  kind: 'remove_admin',
  keyPrefix: 'remove-admin',
  inApprovalTransaction: true,
  concernsAdministrator: true,
  subjectKey: ({ accountId }) => `admin-role:${accountId}`,
  async describe(deps, maker, { accountId }) {
    const target = await assertRemovable(deps.db, { askedBy: maker.id, accountId });
    return {
      summary: `remove ${target.fullName} (${target.email}) as administrator and close their administrator account`,
      targetAccountId: accountId,
      amountKobo: null,
    };
  },
  async carryOut({ accountId }, { maker, checkerId }, tx) {
    await removeAdministrator(tx, { accountId, makerId: maker.id, checkerId, way: 'approved' });
    return { accountId };
  },
  notice: {
    hours: (deps) => deps.config.approvals.removalNoticeHours,
    async carryOut({ accountId }, { maker }, tx) {
      await removeAdministrator(tx, { accountId, makerId: maker.id, checkerId: null, way: 'notice' });
      return { accountId };
    },
  },
};
