import { bankFileRecordFormSchema, type PayoutBatch } from '@coop/core/contracts';
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
import { useApprovalSettings } from '../../common/api/get-approval-settings';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';
import type { useRecordBankFile } from '../api/record-bank-file';

const kobo = (amount: string) => Math.round(Number(amount) * 100);

/**
 * "Record what the bank paid" for one open batch: each payment is paid unless ticked as not paid, and a tick asks
 * for the bank's reason. A confirmation says what moves; above the approval threshold a second administrator
 * approves before anything does. The answer is shown by the batch, which outlives this form.
 */
export function RecordBankAnswerForm({
  batch,
  record,
}: {
  batch: PayoutBatch;
  record: ReturnType<typeof useRecordBankFile>;
}) {
  const form = useZodForm(bankFileRecordFormSchema, {
    rows: batch.items.map((i) => ({ payoutId: i.payoutId, notPaid: false, reason: '' })),
  });
  const key = useIdempotencyKey();
  const threshold = useApprovalSettings().data;
  const [confirming, setConfirming] = useState<{ failed: { payoutId: number; reason: string }[] } | null>(
    null,
  );
  const ticked = form.watch('rows');

  const paidKobo = batch.items
    .filter((_, i) => !ticked[i]?.notPaid)
    .reduce((sum, i) => sum + kobo(i.amount), 0);
  const needsSecond = threshold && !threshold.singleAdmin && paidKobo > kobo(threshold.cashOutThreshold);
  const onSubmit = form.handleSubmit((values) => setConfirming(values));
  const send = () => {
    if (!confirming) return;
    record.mutate(
      { batchId: batch.id, idempotencyKey: key.keyFor(JSON.stringify(confirming)), ...confirming },
      { onSuccess: key.done },
    );
  };
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-3"
      aria-label={`Record what the bank paid for batch ${batch.id}`}
    >
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">
          Tick each payment the bank did not make, and write the bank&apos;s reason
        </legend>
        {batch.items.map((item, i) => (
          <div
            key={item.payoutId}
            className="rounded-md border border-slate-200 p-2"
            data-testid="record-row"
          >
            <CheckboxField
              label={
                <>
                  <span className="font-semibold break-words">{item.fullName}</span> · {item.bankName} ····
                  {item.accountNumberLast4} · <span className="tabular-nums">{naira(item.amount)}</span>
                </>
              }
              {...form.register(`rows.${i}.notPaid`, { onChange: () => setConfirming(null) })}
            />
            {ticked[i]?.notPaid && (
              <TextField
                label={`The bank's reason for ${item.fullName}`}
                className="mt-2"
                error={form.formState.errors.rows?.[i]?.reason}
                {...form.register(`rows.${i}.reason`, { onChange: () => setConfirming(null) })}
              />
            )}
          </div>
        ))}
      </fieldset>
      {!confirming ? (
        <SubmitButton pending={false} pendingLabel="Checking..." className="sm:w-auto">
          Record what the bank paid
        </SubmitButton>
      ) : (
        <div
          role="group"
          aria-labelledby={`record-confirm-${batch.id}`}
          className="space-y-2 rounded-md border border-amber-900/30 bg-amber-50 p-3"
        >
          <p id={`record-confirm-${batch.id}`} className="text-sm font-semibold text-slate-900">
            {batch.items.length - confirming.failed.length} paid ({naira((paidKobo / 100).toFixed(2))}),{' '}
            {confirming.failed.length} not paid (their money goes back to the wallets).{' '}
            {needsSecond
              ? 'The paid total is above the approval threshold: a second administrator approves it before anything moves.'
              : 'A mistake can be corrected later by a reversal a second administrator approves.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              disabled={record.isPending}
              onClick={send}
              className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
            >
              {record.isPending ? 'Recording...' : needsSecond ? 'Yes, ask for approval' : 'Yes, record it'}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(null)}
              className="min-h-11 rounded-md border border-slate-300 px-5 font-semibold text-slate-800"
            >
              Not yet
            </button>
          </div>
        </div>
      )}
      {record.isError && <FormMessage tone="error" message={errorMessage(record.error)} />}
    </form>
  );
}
