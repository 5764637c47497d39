import { updatePasswordSchema } from '@coop/core/contracts';
import { useNavigate } from 'react-router';
import { errorMessage, SubmitButton, TextField, useResultDialog, useZodForm } from '../../../components/form';
import { useUpdatePassword } from '../api/update-password';
import { MemberPageTitle } from '../components/member-page-title';
import { useMemberArea } from '../hooks/use-member-area';
import { useSession } from '../../../components/session/use-session';

export function UpdatePasswordPage() {
  const area = useMemberArea();
  const session = useSession();
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const popup = useResultDialog();
  const form = useZodForm(updatePasswordSchema, {
    email: session?.user.email ?? '',
    currentPassword: '',
    password: '',
    confirmPassword: '',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(values);
      popup.done({ message: answer.message }, () => navigate(area.paths.passwordChanged));
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
      form.resetField('currentPassword');
    }
  });
  return (
    <>
      <MemberPageTitle title="Update Password" lead="Other devices are signed out when you change it." />
      <form
        noValidate
        onSubmit={onSubmit}
        className="max-w-lg space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <TextField
          label="Email"
          type="email"
          readOnly
          autoComplete="username"
          error={form.formState.errors.email}
          {...form.register('email')}
        />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.currentPassword}
          {...form.register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="8 to 64 characters"
          error={form.formState.errors.password}
          {...form.register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={form.formState.errors.confirmPassword}
          {...form.register('confirmPassword')}
        />
        <SubmitButton pending={update.isPending} pendingLabel="Saving...">
          Confirm
        </SubmitButton>
        {popup.dialog}
      </form>
    </>
  );
}
