import { cashOutSchema, type AccountForConfirmation, type CashOutInput } from '@coop/core/contracts';
import { programmeName, toNairaString, type Programme } from '@coop/core';
import { useState } from 'react';
import { formatDateTime, naira } from '../../../../components/display/format';
import { errorMessage, SubmitButton, TextField, useResultDialog, useZodForm } from '../../../../components/form';
import { getAccountForConfirmation } from '../../common/api/get-account-confirmation';
import { useRecordCashOut } from '../api/record-cash-out';
import { AccountConfirmation } from '../../common/components/account-confirmation';
import { isPendingApproval } from '../../common/components/approval-notice';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';
import type { CashOutAnswer } from '../../common/types';

/**
 * A cash payout made by hand (spec 2.7: email and amount). The amount is checked with the shared schema, sent
 * as the naira the person typed, and debited from the wallet once per Idempotency-Key; the popup shows the
 * server's answer and the last recorded payout stays under the form.
 */
export function CashOutForm({ programme }: { programme: Programme }) {
  const form = useZodForm(cashOutSchema, { email: '', amount: '' } as CashOutInput);
  const record = useRecordCashOut();
  const popup = useResultDialog();
  const idempotency = useIdempotencyKey();
  const [last, setLast] = useState<CashOutAnswer['data'] | null>(null);
  const [confirming, setConfirming] = useState<{ account: AccountForConfirmation; email: string; amountKobo: number } | null>(null);
  const [looking, setLooking] = useState(false);

  // First who it is for (name, programme, wallet, role), read fresh; the cash-out is sent only after "Confirm".
  const onSubmit = form.handleSubmit(async ({ email, amount }) => {
    setLooking(true);
    try {
      setConfirming({ account: await getAccountForConfirmation(programme, email), email, amountKobo: amount });
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
    } finally {
      setLooking(false);
    }
  });

  const send = async () => {
    if (!confirming) return;
    const { email, amountKobo } = confirming;
    const values = { email, amount: toNairaString(amountKobo) };
    const idempotencyKey = idempotency.keyFor(`${programme}|${email}|${amountKobo}`);
    try {
      const answer = await record.mutateAsync({ programme, values, idempotencyKey });
      idempotency.done();
      setConfirming(null);
      if (isPendingApproval(answer)) {
        popup.show({ ok: true, title: 'Waiting for approval', message: answer.message }, () => form.reset({ email: '', amount: '' }));
        return;
      }
      setLast(answer.data);
      popup.show({ ok: true, message: `${answer.message}: ${naira(answer.data.amount)} paid to ${answer.data.fullName} (${answer.data.email}).` }, () =>
        form.reset({ email: '', amount: '' }),
      );
    } catch (error) {
      setConfirming(null);
      popup.show({ ok: false, message: errorMessage(error) });
    }
  };

  return (
    <div className="max-w-xl space-y-6">
      <form noValidate onSubmit={onSubmit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <TextField label="Member email" type="email" autoComplete="off" error={form.formState.errors.email} {...form.register('email')} />
        <TextField
          label="Amount (naira)"
          inputMode="decimal"
          autoComplete="off"
          hint="Paid in cash from the member's wallet; at most the wallet balance."
          error={form.formState.errors.amount}
          {...form.register('amount')}
        />
        {!confirming && (
          <SubmitButton pending={looking} pendingLabel="Looking up the member...">
            Record {programmeName(programme)} cash payout
          </SubmitButton>
        )}
        {popup.dialog}
      </form>
      {confirming && (
        <AccountConfirmation
          account={confirming.account}
          question={`Pay ${naira(toNairaString(confirming.amountKobo))} in cash from this member's wallet?`}
          confirmLabel="Confirm cash payout"
          pending={record.isPending}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {last && (
        <section aria-labelledby="last-cash-out" className="rounded-lg border border-brand-600 bg-brand-50 p-4" data-testid="last-cash-out">
          <h2 id="last-cash-out" className="font-bold text-brand-900">
            Last cash payout recorded
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">Member</dt>
            <dd className="font-semibold break-all text-slate-900">
              {last.fullName} ({last.email})
            </dd>
            <dt className="text-slate-700">Amount</dt>
            <dd className="font-semibold text-slate-900">{naira(last.amount)}</dd>
            <dt className="text-slate-700">Recorded by</dt>
            <dd className="text-slate-900">{last.recordedBy}</dd>
            <dt className="text-slate-700">At</dt>
            <dd className="text-slate-900">{formatDateTime(last.createdAt)}</dd>
            <dt className="text-slate-700">Number</dt>
            <dd className="text-slate-900">#{last.id}</dd>
          </dl>
        </section>
      )}
    </div>
  );
}
