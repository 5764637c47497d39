import { makeAdminParamsSchema, type AccountForConfirmation } from '@coop/core/contracts';
import { useState } from 'react';
import { errorMessage, SubmitButton, TextField, useResultDialog, useZodForm } from '../../../../components/form';
import { getAccountForConfirmation } from '../../common/api/get-account-confirmation';
import { useMakeAdmin } from '../api/make-admin';
import { AccountConfirmation } from '../../common/components/account-confirmation';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { AdministratorList } from '../components/administrator-list';
import { InviteAdministrator } from '../components/invite-administrator';
import { ApprovalNotice, isPendingApproval } from '../../common/components/approval-notice';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';

/** Make User Admin (spec 2.7): shows who the Main account is, asks, then sends; another administrator approves. */
export function MakeAdminPage() {
  const form = useZodForm(makeAdminParamsSchema, { email: '' });
  const makeAdmin = useMakeAdmin();
  const popup = useResultDialog();
  const idempotency = useIdempotencyKey();
  const [confirming, setConfirming] = useState<AccountForConfirmation | null>(null);
  const [looking, setLooking] = useState(false);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setLooking(true);
    try {
      setConfirming(await getAccountForConfirmation('main', email));
    } catch (error) {
      popup.show({ ok: false, title: 'Error!', message: errorMessage(error) });
    } finally {
      setLooking(false);
    }
  });

  const send = async (account: AccountForConfirmation) => {
    try {
      const answer = await makeAdmin.mutateAsync({ email: account.email, idempotencyKey: idempotency.keyFor(`make|${account.email}`) });
      idempotency.done();
      setConfirming(null);
      popup.show({ ok: true, title: isPendingApproval(answer) ? 'Waiting for approval' : undefined, message: answer.message }, () => form.reset({ email: '' }));
    } catch (error) {
      setConfirming(null);
      popup.show({ ok: false, title: 'Error!', message: errorMessage(error) });
    }
  };

  return (
    <>
      <AdminPageTitle lead="The person signs in at /admin with their Main account's password (and a two-factor code). An administrator can see every member and record cash payouts: give this role with care.">
        Make User Admin
      </AdminPageTitle>
      <ApprovalNotice what="role changes" />
      <div className="max-w-xl space-y-6">
        <InviteAdministrator />
        <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <TextField label="Email of the Main account" type="email" autoComplete="off" error={form.formState.errors.email} {...form.register('email')} />
          {!confirming && (
            <SubmitButton pending={looking} pendingLabel="Looking up the account...">
              Make admin
            </SubmitButton>
          )}
          {popup.dialog}
        </form>
        {confirming && (
          <AccountConfirmation
            account={confirming}
            question="Make this person an administrator?"
            confirmLabel="Confirm: make administrator"
            pending={makeAdmin.isPending}
            onConfirm={() => void send(confirming)}
            onCancel={() => setConfirming(null)}
          />
        )}
        <AdministratorList />
      </div>
    </>
  );
}
