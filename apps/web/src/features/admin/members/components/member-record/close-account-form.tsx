import { closureMoneyText, closureReasons, SUSPENSION_REASON_TEXT } from '@coop/core';
import { closeAccountSchema, type MemberRecord } from '@coop/core/contracts';
import {
  errorMessage,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  useResultDialog,
  useZodForm,
} from '../../../../../components/form';
import { useCloseMember } from '../../api/close-member';
import { isPendingApproval } from '../../../common/components/approval-notice';
import { useIdempotencyKey } from '../../../common/hooks/use-idempotency-key';

const reasonOptions = closureReasons.map((value) => ({
  value,
  label: SUSPENSION_REASON_TEXT[value].replace(/^./, (c) => c.toUpperCase()),
}));

/**
 * Close an account for one of the terms' reasons. The screen says, for the reason chosen, what happens to the
 * wallet balance and the pending awards before anything is sent; a second administrator approves it.
 */
export function CloseAccountForm({ record }: { record: MemberRecord }) {
  const form = useZodForm(closeAccountSchema, { note: '' });
  const close = useCloseMember();
  const popup = useResultDialog();
  const idempotency = useIdempotencyKey();
  const reason = form.watch('reason');
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await close.mutateAsync({
        id: record.id,
        idempotencyKey: idempotency.keyFor(`close|${record.id}|${input.reason}|${input.note}`),
        input,
      });
      idempotency.done();
      popup.done(
        isPendingApproval(answer)
          ? { title: 'Waiting for approval', message: answer.message }
          : { message: `The account is closed. ${closureMoneyText(input.reason)}` },
        () => form.reset({ note: '' }),
      );
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" data-testid="close-account-form">
      <p className="text-sm text-slate-700">
        A closed account keeps its place in the matrix, is signed out everywhere, cannot sign in again and
        earns nothing more. The member is mailed the reason.
      </p>
      <SelectField
        label="Reason for closing (the member is told this)"
        placeholder="Choose a reason"
        options={reasonOptions}
        error={form.formState.errors.reason}
        {...form.register('reason')}
      />
      {reason && (
        <p
          className="rounded-md border border-amber-900/30 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          data-testid="closure-money"
        >
          {closureMoneyText(reason)}
        </p>
      )}
      <TextAreaField
        label="What led to the closure, for the record (not shown to the member)"
        rows={3}
        error={form.formState.errors.note}
        {...form.register('note')}
      />
      <SubmitButton
        pending={close.isPending}
        pendingLabel="Sending..."
        className="bg-red-700 hover:bg-red-800 sm:w-auto"
      >
        Close the account
      </SubmitButton>
      {close.isError && <FormMessage tone="error" message={errorMessage(close.error)} />}
      {popup.dialog}
    </form>
  );
}
