import { refundRequestSchema, type RefundOverview, type RefundRequestInput } from '@coop/core/contracts';
import { naira } from '../../../../components/display/format';
import {
  errorMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  useResultDialog,
  useZodForm,
} from '../../../../components/form';
import { isPendingApproval } from '../../common/components/approval-notice';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';
import { useRequestRefund } from '../api/request-refund';

const empty: RefundRequestInput = { amount: '', reason: '' };

/**
 * How much (empty: all that is left) and why. The request waits for a second administrator; the popup says so, or,
 * with one administrator, what Paystack answered.
 */
export function RefundForm({ overview }: { overview: RefundOverview }) {
  const form = useZodForm(refundRequestSchema, empty);
  const refund = useRequestRefund();
  const popup = useResultDialog();
  const idempotency = useIdempotencyKey();
  const { reference } = overview.payment;

  const onSubmit = form.handleSubmit(async (values) => {
    const sent = {
      amount: typeof values.amount === 'number' ? (values.amount / 100).toFixed(2) : '',
      reason: values.reason,
    };
    const idempotencyKey = idempotency.keyFor(`${reference}|${sent.amount}|${sent.reason}`);
    try {
      const answer = await refund.mutateAsync({ reference, values: sent, idempotencyKey });
      idempotency.done();
      // A toast, not a popup that waits for OK (decision 0052): the page shows the waiting request at once.
      popup.done(
        isPendingApproval(answer)
          ? { title: 'Waiting for approval', message: answer.message }
          : { message: answer.message },
        () => {
          form.reset(empty);
          refund.refreshAfter();
        },
      );
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) }, refund.refreshAfter);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-label="Refund this payment"
    >
      <TextField
        label="Amount to refund (naira)"
        inputMode="decimal"
        autoComplete="off"
        hint={`Leave empty to refund all that is left: ${naira(overview.left)}. A smaller amount is a partial refund; the rest stays owed.`}
        error={form.formState.errors.amount}
        {...form.register('amount')}
      />
      <TextAreaField
        label="Reason"
        rows={3}
        hint="Kept in the audit log and shown to the approving administrator; sent to Paystack as the merchant note."
        error={form.formState.errors.reason}
        {...form.register('reason')}
      />
      <SubmitButton pending={refund.isPending} pendingLabel="Asking...">
        Refund through Paystack
      </SubmitButton>
      {popup.dialog}
    </form>
  );
}
