import { resetPasswordSchema, type ResetPasswordInput } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  errorMessage,
  FormMessage,
  SubmitButton,
  TextField,
  useResultDialog,
  useZodForm,
} from '../../../components/form';
import { resetPassword } from '../api/reset-password';
import type { ProgrammeScreens } from '../programmes';

/** Sets a new password with the single-use token of the mailed link (DESIGN section 5). */
export function ResetPasswordForm({ screens, token }: { screens: ProgrammeScreens; token: string }) {
  const navigate = useNavigate();
  const form = useZodForm(resetPasswordSchema, { token, password: '', confirmPassword: '' });
  const change = useMutation({
    mutationFn: (values: ResetPasswordInput) => resetPassword(screens.calls.reset, values),
  });
  const popup = useResultDialog();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await change.mutateAsync(values);
      popup.done({ message: answer.message }, () => navigate(screens.paths.resetDone, { replace: true }));
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormMessage tone="error" message={errors.token?.message} />
      <TextField
        label="New Password"
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
      <SubmitButton pending={change.isPending} pendingLabel="Changing...">
        Change Password
      </SubmitButton>
      {popup.dialog}
    </form>
  );
}
