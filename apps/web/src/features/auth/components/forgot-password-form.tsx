import { forgotPasswordSchema, type ForgotPasswordInput } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, FormMessage, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { forgotPassword } from '../api/forgot-password';

/** Sends the reset link; the server's answer (or its failure) is shown in place under the form. */
export function ForgotPasswordForm({ call }: { call: string }) {
  const form = useZodForm(forgotPasswordSchema, { email: '' });
  const request = useMutation({ mutationFn: (values: ForgotPasswordInput) => forgotPassword(call, values) });
  const onSubmit = form.handleSubmit((values) => request.mutate(values));
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email}
        {...form.register('email')}
      />
      <SubmitButton pending={request.isPending} pendingLabel="Sending...">
        Reset
      </SubmitButton>
      <FormMessage tone="success" message={request.isSuccess ? request.data.message : null} />
      <FormMessage tone="error" message={request.isError ? errorMessage(request.error) : null} />
    </form>
  );
}
