import {
  cashOutSchema,
  type AccountForConfirmation,
  type Approval,
  type CashOutInput,
} from '@coop/core/contracts';
import { parseNairaString, programmeName, toNairaString, type Programme } from '@coop/core';
import { useState } from 'react';
import { formatDateTime, naira } from '../../../../components/display/format';
import {
  errorMessage,
  SubmitButton,
  TextField,
  useResultDialog,
  useZodForm,
} from '../../../../components/form';
import { getAccountForConfirmation } from '../../common/api/get-account-confirmation';
import { useRecordCashOut } from '../api/record-cash-out';
import { AccountConfirmation } from '../../common/components/account-confirmation';
import { useApprovalSettings } from '../../common/api/get-approval-settings';
import { isPendingApproval } from '../../common/components/approval-notice';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';
import type { CashOutAnswer } from '../../common/types';
import { CashOutRequested } from './cash-out-requested';
import { adminName } from '../../common/admin-name';

/**
 * A cash payout made by hand (spec 2.7: email and amount). The amount is checked with the shared schema, sent
 * as the naira the person typed, and debited from the wallet once per Idempotency-Key; a toast shows the
 * server's answer (a failure's popup waits for OK) and the last recorded payout stays under the form. Above the
 * approval threshold the administrator asks first (decision 0040): the amount is set aside from the wallet, and
 * the cash is handed over only once a second administrator approves; the request stays under the form until then.
 */
export function CashOutForm({ programme }: { programme: Programme }) {
  const form = useZodForm(cashOutSchema, { email: '', amount: '' } as CashOutInput);
  const record = useRecordCashOut();
  const popup = useResultDialog();
  const idempotency = useIdempotencyKey();
  const [last, setLast] = useState<CashOutAnswer['data'] | null>(null);
  const [asked, setAsked] = useState<Approval | null>(null);
  const settings = useApprovalSettings().data;
  // Above the threshold (with a second administrator) the form asks to hand cash over instead of recording it.
  const asksFirst = (amountKobo: number | null) =>
    Boolean(
      settings &&
      !settings.singleAdmin &&
      amountKobo !== null &&
      amountKobo > parseNairaString(settings.cashOutThreshold),
    );
  const typed = cashOutSchema.shape.amount.safeParse(form.watch('amount'));
  const typedAsks = asksFirst(typed.success ? typed.data : null);
  const [confirming, setConfirming] = useState<{
    account: AccountForConfirmation;
    email: string;
    amountKobo: number;
  } | null>(null);
  const [looking, setLooking] = useState(false);

  // First who it is for (name, programme, wallet, role), read fresh; the cash-out is sent only after "Confirm".
  const onSubmit = form.handleSubmit(async ({ email, amount }) => {
    setLooking(true);
    try {
      setConfirming({
        account: await getAccountForConfirmation(programme, email),
        email,
        amountKobo: amount,
      });
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
        setAsked(answer.approval);
        popup.done({ title: 'Asked: do not hand over the cash yet', message: answer.message }, () =>
          form.reset({ email: '', amount: '' }),
        );
        return;
      }
      setLast(answer.data);
      popup.done(
        {
          message: `${answer.message}: ${naira(answer.data.amount)} paid to ${answer.data.fullName} (${answer.data.email}).`,
        },
        () => form.reset({ email: '', amount: '' }),
      );
    } catch (error) {
      setConfirming(null);
      popup.show({ ok: false, message: errorMessage(error) });
    }
  };

  return (
    <div className="max-w-xl space-y-6">
      <form
        noValidate
        onSubmit={onSubmit}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <TextField
          label="Member email"
          type="email"
          autoComplete="off"
          error={form.formState.errors.email}
          {...form.register('email')}
        />
        <TextField
          label="Amount (naira)"
          inputMode="decimal"
          autoComplete="off"
          hint={
            settings && !settings.singleAdmin
              ? `Paid in cash from the member's wallet; at most the wallet balance. Above ${naira(settings.cashOutThreshold)} you ask first and hand the cash over once approved.`
              : "Paid in cash from the member's wallet; at most the wallet balance."
          }
          error={form.formState.errors.amount}
          {...form.register('amount')}
        />
        {!confirming && (
          <SubmitButton pending={looking} pendingLabel="Looking up the member...">
            {typedAsks
              ? `Ask to hand over ${programmeName(programme)} cash`
              : `Record ${programmeName(programme)} cash payout`}
          </SubmitButton>
        )}
        {popup.dialog}
      </form>
      {confirming && (
        <AccountConfirmation
          account={confirming.account}
          question={
            asksFirst(confirming.amountKobo)
              ? `Ask a second administrator to approve handing ${naira(toNairaString(confirming.amountKobo))} in cash to this member? The amount is set aside from the wallet now; do not hand the cash over until the request is approved.`
              : `Record ${naira(toNairaString(confirming.amountKobo))} paid in cash from this member's wallet?`
          }
          confirmLabel={asksFirst(confirming.amountKobo) ? 'Ask for approval' : 'Confirm cash payout'}
          pending={record.isPending}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {asked && <CashOutRequested approval={asked} />}
      {last && (
        <section
          aria-labelledby="last-cash-out"
          className="rounded-lg border border-brand-600 bg-brand-50 p-4"
          data-testid="last-cash-out"
        >
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
            <dd className="break-all text-slate-900">{adminName(last.recordedBy)}</dd>
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
