import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import type { ApprovalAct } from '../approvals/approval-acts';
import { accountForConfirmation } from '../admin-users/account-for-confirmation';
import { findPromotable, makeAdministrator } from './make-admin';
import { assertRemovable, removeAdministrator } from './remove-admin';

/** Giving the administrator role waits for a second administrator. */
export const makeAdminApproval: ApprovalAct<{ email: string }> = {
  kind: 'make_admin',
  keyPrefix: 'make-admin',
  inApprovalTransaction: true,
  subjectKey: (_payload, { targetAccountId }) => `admin-role:${targetAccountId}`,
  async describe(app, _maker, { email }) {
    const account = await findPromotable(app.db, email);
    return { summary: `make ${account.fullName} (${email}) an administrator`, targetAccountId: account.id, amountKobo: null };
  },
  async carryOut({ email }, { maker }, tx) {
    const made = await makeAdministrator(tx as Db, maker.id, email);
    return { accountId: made.accountId, changed: made.changed };
  },
};

/** Taking it away too; the administrator it names may not approve it. */
export const removeAdminApproval: ApprovalAct<{ accountId: string; email: string }> = {
  kind: 'remove_admin',
  keyPrefix: 'remove-admin',
  inApprovalTransaction: true,
  subjectKey: ({ accountId }) => `admin-role:${accountId}`,
  async describe(app, maker, { accountId, email }) {
    const account = await accountForConfirmation(app.db, 'main', email);
    await assertRemovable(app.db, { askedBy: maker.id, accountId });
    return { summary: `remove the administrator role of ${account.fullName} (${account.email})`, targetAccountId: accountId, amountKobo: null };
  },
  async carryOut({ accountId }, { maker, checkerId }, tx) {
    await removeAdministrator(tx, { makerId: maker.id, checkerId, accountId });
    return { accountId };
  },
  assertCheckerMay({ targetAccountId }, checkerId) {
    if (targetAccountId === checkerId) throw new HttpError(403, 'You cannot approve the removal of your own administrator role.', 'own_admin_role');
  },
};
