import { makeAdminParamsSchema } from '@coop/core/contracts';
import { errorMessage, SubmitButton, TextField, useResultDialog, useZodForm } from '../../../components/form';
import { useMakeAdmin } from '../api/make-admin';
import { AdminPageTitle } from '../components/admin-page-title';

/** Make User Admin (spec 2.7): a Main account's email; the server answers and records it in the audit log. */
export function MakeAdminPage() {
  const form = useZodForm(makeAdminParamsSchema, { email: '' });
  const makeAdmin = useMakeAdmin();
  const popup = useResultDialog();
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const answer = await makeAdmin.mutateAsync(email);
      popup.show({ ok: true, message: answer.message }, () => form.reset({ email: '' }));
    } catch (error) {
      popup.show({ ok: false, title: 'Error!', message: errorMessage(error) });
    }
  });
  return (
    <>
      <AdminPageTitle lead="The person signs in at /admin with their Main account's password. An administrator can see every member and record cash payouts: give this role with care.">
        Make User Admin
      </AdminPageTitle>
      <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <TextField label="Email of the Main account" type="email" autoComplete="off" error={form.formState.errors.email} {...form.register('email')} />
        <SubmitButton pending={makeAdmin.isPending} pendingLabel="Saving...">
          Make admin
        </SubmitButton>
        {popup.dialog}
      </form>
    </>
  );
}
