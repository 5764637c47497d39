import { bankFileReversalFormSchema, type PayoutBatch } from '@coop/core/contracts';
import { useState } from 'react';
import { naira } from '../../../../components/display/format';
import {
  CheckboxField,
  errorMessage,
  FormMessage,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../../components/form';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';
import type { useReverseBankFile } from '../api/reverse-bank-file';

/**
 * A recorded batch whose record was wrong (a payment recorded paid that the bank returned, or recorded not paid that
 * the bank made): the payments to correct and why. A second administrator approves; then each moves back once.
 */
export function CorrectBankFileForm({
  batch,
  reverse,
}: {
  batch: PayoutBatch;
  reverse: ReturnType<typeof useReverseBankFile>;
}) {
  const [open, setOpen] = useState(false);
  const correctable = batch.items.filter((i) => i.outcome && !i.reversedFrom);
  const form = useZodForm(bankFileReversalFormSchema, {
    rows: correctable.map((i) => ({ payoutId: i.payoutId, chosen: false })),
    reason: '',
  });
  const key = useIdempotencyKey();
  if (correctable.length === 0) return null;
  if (reverse.isSuccess) return null;
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-11 rounded-md border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        Correct this record…
      </button>
    );
  const onSubmit = form.handleSubmit((values) =>
    reverse.mutate(
      { batchId: batch.id, idempotencyKey: key.keyFor(JSON.stringify(values)), ...values },
      { onSuccess: key.done },
    ),
  );
  const rowsError =
    form.formState.errors.rows?.root ?? (form.formState.errors.rows as { message?: string } | undefined);
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-2 rounded-md border border-slate-300 bg-slate-50 p-3"
      aria-label={`Correct the record of batch ${batch.id}`}
    >
      <p className="text-sm text-slate-800">
        Tick each payment recorded the wrong way. Recorded paid but returned by the bank: the money goes back
        to the member&apos;s wallet and the payout can be retried in a new file. Recorded not paid but paid by
        the bank: the money returned to the wallet is taken as paid. A second administrator approves first.
      </p>
      <fieldset className="space-y-1">
        <legend className="sr-only">Payments to correct</legend>
        {correctable.map((item, i) => (
          <CheckboxField
            key={item.payoutId}
            label={`${item.fullName} · ${naira(item.amount)}: recorded ${item.outcome === 'paid' ? 'paid, the bank did not pay' : 'not paid, the bank paid'}`}
            {...form.register(`rows.${i}.chosen`)}
          />
        ))}
        {rowsError?.message && <FormMessage tone="error" message={rowsError.message} />}
      </fieldset>
      <TextField
        label="Why the record was wrong"
        error={form.formState.errors.reason}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={reverse.isPending} pendingLabel="Asking..." className="sm:w-auto">
          Ask for the correction
        </SubmitButton>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="min-h-11 rounded-md border border-slate-400 bg-white px-4 font-semibold text-slate-800"
        >
          Cancel
        </button>
      </div>
      {reverse.isError && <FormMessage tone="error" message={errorMessage(reverse.error)} />}
    </form>
  );
}
