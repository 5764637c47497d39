import { toNairaString } from '@coop/core';
import { grantApplicationSchema } from '@coop/core/contracts';
import { errorMessage, SubmitButton, TextAreaField, TextField, useZodForm } from '../../../components/form';
import type { useResultDialog } from '../../../components/form';
import { useApplyGrant } from '../api/apply-grant';
import { naira } from '../../../components/display/format';

/**
 * The Executive grant application: an amount up to the plan's ceiling and what it is for. A received application is
 * confirmed by a toast (it waits for no tap, issue 38) and a refusal by the page's popup: a received application is
 * pending, so the page replaces this form at once, and a popup held here would go with it.
 */
export function GrantForm({
  ceiling,
  popup,
}: {
  ceiling: string;
  popup: ReturnType<typeof useResultDialog>;
}) {
  const apply = useApplyGrant();
  const form = useZodForm(grantApplicationSchema, { amount: '', purpose: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apply.mutateAsync({ amount: toNairaString(values.amount), purpose: values.purpose });
      popup.done({ message: 'Your application has been received. An administrator will decide on it.' }, () =>
        form.reset(),
      );
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="max-w-lg space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <TextField
        label="Amount (naira)"
        inputMode="decimal"
        hint={`Up to ${naira(ceiling)}`}
        error={form.formState.errors.amount}
        {...form.register('amount')}
      />
      <TextAreaField
        label="What is the grant for?"
        rows={5}
        error={form.formState.errors.purpose}
        {...form.register('purpose')}
      />
      <SubmitButton pending={apply.isPending} pendingLabel="Sending...">
        Apply for the grant
      </SubmitButton>
    </form>
  );
}
