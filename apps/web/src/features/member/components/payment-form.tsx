import { formatNaira } from '@coop/core';
import { useCurrentPlan } from '../../../lib/plans-context';
import { emailField } from '@coop/core/contracts';
import { z } from 'zod';
import { errorMessage, FormMessage, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useStartPayment } from '../api/start-payment';
import type { MemberArea } from '../member-area';

const paymentEmailSchema = z.strictObject({
  email: emailField({ required: 'Enter an email address', invalid: 'Provide a valid email address' }),
});

/** Spec 2.6: an email prompt and Proceed; the server's answer gives the PAY NOW link to the checkout. */
export function PaymentForm({ area, email }: { area: MemberArea; email: string }) {
  const form = useZodForm(paymentEmailSchema, { email });
  const start = useStartPayment(area.calls.payment);
  const onSubmit = form.handleSubmit((values) => start.mutate(values.email));
  const fee = formatNaira(useCurrentPlan(area.programme).feeKobo);
  return (
    <div className="max-w-lg rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-slate-800">
        The registration fee of the {area.name} is <strong>{fee}</strong>, paid once by card through Paystack.
        Enter the email address for your receipt and press Proceed.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email}
          {...form.register('email')}
        />
        <SubmitButton pending={start.isPending} pendingLabel="Please wait...">
          Proceed
        </SubmitButton>
      </form>
      {start.isError && <FormMessage tone="error" message={errorMessage(start.error)} />}
      {start.data && (
        <div className="mt-5 rounded-md border border-brand-600 bg-brand-50 p-4 text-center">
          <p className="text-brand-900">{start.data.message}</p>
          <a
            href={start.data.data}
            className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-md bg-accent-400 px-5 font-bold tracking-wide text-brand-900 hover:bg-accent-500"
          >
            PAY NOW
          </a>
          <p className="mt-2 text-xs text-slate-600">
            You will pay {fee} on the secure checkout page and come back here.
          </p>
        </div>
      )}
    </div>
  );
}
