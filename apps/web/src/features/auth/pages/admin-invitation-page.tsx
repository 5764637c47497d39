import { acceptAdminInvitationSchema } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  errorMessage,
  FormMessage,
  SubmitButton,
  TextField,
  useResultDialog,
  useZodForm,
} from '../../../components/form';
import { acceptAdminInvitation } from '../api/accept-admin-invitation';
import { AuthCard } from '../components/auth-card';

/** /admininvite?token=...: the invited administrator chooses a password, then signs in at /admin. */
export function AdminInvitationPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const form = useZodForm(acceptAdminInvitationSchema, { token, password: '', confirmPassword: '' });
  const accept = useMutation({ mutationFn: acceptAdminInvitation });
  const popup = useResultDialog();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await accept.mutateAsync(values);
      // A toast that waits for no tap (decision 0052), and on to the sign-in at once.
      popup.done({ message: answer.message }, () => navigate('/admin', { replace: true }));
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
    }
  });
  return (
    <AuthCard
      title="Become an administrator"
      intro="Choose the password you will sign in to the admin area with."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormMessage
          tone="error"
          message={token ? errors.token?.message : 'This page needs the link from your invitation mail.'}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="8 to 64 characters."
          error={errors.password}
          {...form.register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          {...form.register('confirmPassword')}
        />
        <SubmitButton pending={accept.isPending} pendingLabel="Saving...">
          Choose my password
        </SubmitButton>
        {popup.dialog}
      </form>
    </AuthCard>
  );
}
