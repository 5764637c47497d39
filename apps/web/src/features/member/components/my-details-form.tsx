import { memberDetailsSchema } from '@coop/core/contracts';
import { errorMessage, FormMessage, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { refreshSession } from '../../../lib/session';
import { useCorrectMyDetails, type MyDetails } from '../api/my-details';
import { useMemberArea } from '../hooks/use-member-area';

/** The right to rectification: the member corrects their name, phone, address and email (decision 0030). */
export function MyDetailsForm({ details }: { details: MyDetails }) {
  const area = useMemberArea();
  const form = useZodForm(memberDetailsSchema, {
    fullName: details.fullName,
    phone: details.phone,
    address: details.address,
    email: details.email,
  });
  const correct = useCorrectMyDetails();
  const onSubmit = form.handleSubmit((input) =>
    // The greeting shows the name from the session: renewed so it reads the corrected one.
    correct.mutate(input, { onSuccess: () => void refreshSession(area.programme) }),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="correct-heading"
      className="max-w-2xl space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="correct-heading" className="text-lg font-semibold">
        Correct your details
      </h2>
      <p className="text-sm text-slate-700">
        Your name, phone and address change at once. A new email must be confirmed: we mail a link to it, and
        your account keeps the old one until you follow it. We tell you of each change at the email address on
        file.
      </p>
      <TextField
        label="Full names"
        autoComplete="name"
        error={form.formState.errors.fullName}
        {...form.register('fullName')}
      />
      <TextField
        label="Phone"
        inputMode="tel"
        autoComplete="tel"
        error={form.formState.errors.phone}
        {...form.register('phone')}
      />
      <TextField
        label="Address"
        autoComplete="street-address"
        error={form.formState.errors.address}
        {...form.register('address')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email}
        {...form.register('email')}
      />
      {details.pendingEmail && (
        <p className="text-sm text-amber-900">{`Waiting for you to follow the link we sent to ${details.pendingEmail}.`}</p>
      )}
      <SubmitButton pending={correct.isPending} pendingLabel="Saving..." className="sm:w-auto">
        Save my details
      </SubmitButton>
      {correct.isSuccess && <FormMessage tone="success" message={correct.data.message} />}
      {correct.isError && <FormMessage tone="error" message={errorMessage(correct.error)} />}
    </form>
  );
}
