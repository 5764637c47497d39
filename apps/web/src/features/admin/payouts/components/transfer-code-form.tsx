import { payoutOtpSchema } from '@coop/core/contracts';
import { errorMessage, FormMessage, SubmitButton, TextField, useZodForm } from '../../../../components/form';
import { useFinalizePayout, useResendPayoutOtp } from '../api/transfer-otp';

/**
 * A transfer Paystack holds for its one-time code: the code sent to the business's phone, and Resend code.
 * Paystack's answer is applied at once; a wrong or expired code is Paystack's words back.
 */
export function TransferCodeForm({ payoutId, name }: { payoutId: number; name: string }) {
  const form = useZodForm(payoutOtpSchema, { otp: '' });
  const finalize = useFinalizePayout();
  const resend = useResendPayoutOtp();
  const onSubmit = form.handleSubmit((values) => finalize.mutate({ id: payoutId, ...values }));
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="mt-2 space-y-2"
      aria-label={`One-time code for ${name}'s transfer`}
    >
      <TextField
        label="One-time code from the business's phone"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={form.formState.errors.otp}
        {...form.register('otp')}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={finalize.isPending} pendingLabel="Sending the code..." className="sm:w-auto">
          Send the code to Paystack
        </SubmitButton>
        <button
          type="button"
          onClick={() => resend.mutate(payoutId)}
          disabled={resend.isPending}
          className="min-h-11 rounded-md border border-slate-400 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70"
        >
          {resend.isPending ? 'Asking Paystack...' : 'Resend code'}
        </button>
      </div>
      {finalize.isSuccess && <FormMessage tone="success" message={finalize.data.message} />}
      {finalize.isError && <FormMessage tone="error" message={errorMessage(finalize.error)} />}
      {resend.isSuccess && <FormMessage tone="success" message={resend.data.message} />}
      {resend.isError && <FormMessage tone="error" message={errorMessage(resend.error)} />}
    </form>
  );
}
