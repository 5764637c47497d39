import { SUSPENSION_REASON_TEXT, suspensionReasons } from '@coop/core';
import { reinstateAccountSchema, suspendAccountSchema, type MemberRecord } from '@coop/core/contracts';
import { errorMessage, FormMessage, SelectField, SubmitButton, TextAreaField, useZodForm } from '../../../../../components/form';
import { useChangeMemberStatus } from '../../api/change-member-status';
import { CloseAccountForm } from './close-account-form';
import { RecordSection } from './record-section';

const reasonOptions = suspensionReasons.map((value) => ({ value, label: SUSPENSION_REASON_TEXT[value].replace(/^./, (c) => c.toUpperCase()) }));

function SuspendForm({ record }: { record: MemberRecord }) {
  const form = useZodForm(suspendAccountSchema, { note: '' });
  const change = useChangeMemberStatus();
  const onSubmit = form.handleSubmit((input) => change.mutate({ id: record.id, action: 'suspend', input }, { onSuccess: () => form.reset({ note: '' }) }));
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-700">
        A suspended account keeps its place in the matrix, is signed out everywhere, cannot sign in (it is told the reason and the support address), earns
        nothing while suspended, and its payouts are held.
      </p>
      <SelectField label="Reason (the member is told this)" placeholder="Choose a reason" options={reasonOptions} error={form.formState.errors.reason} {...form.register('reason')} />
      <TextAreaField label="Note for the record (not shown to the member)" rows={3} error={form.formState.errors.note} {...form.register('note')} />
      <SubmitButton pending={change.isPending} pendingLabel="Suspending..." className="bg-red-700 hover:bg-red-800 sm:w-auto">
        Suspend the account
      </SubmitButton>
      {change.isError && <FormMessage tone="error" message={errorMessage(change.error)} />}
    </form>
  );
}

function ReinstateForm({ record }: { record: MemberRecord }) {
  const form = useZodForm(reinstateAccountSchema, { note: '' });
  const change = useChangeMemberStatus();
  const onSubmit = form.handleSubmit((input) => change.mutate({ id: record.id, action: 'reinstate', input }, { onSuccess: () => form.reset({ note: '' }) }));
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-700">Reinstating lets the member sign in again; bonuses from now on are credited and payouts resume.</p>
      <TextAreaField label="Note for the record" rows={3} error={form.formState.errors.note} {...form.register('note')} />
      <SubmitButton pending={change.isPending} pendingLabel="Reinstating..." className="sm:w-auto">
        Reinstate the account
      </SubmitButton>
      {change.isError && <FormMessage tone="error" message={errorMessage(change.error)} />}
    </form>
  );
}

/** Suspend an active account or reinstate a suspended one, with a reason and a note (audited); close a member's account. */
export function StatusActions({ record }: { record: MemberRecord }) {
  if (record.status === 'closed')
    return record.closure.money ? (
      <RecordSection id="status-actions" title="Closed">
        <p className="text-sm text-slate-800" data-testid="closed-money">
          {record.closure.money}
        </p>
      </RecordSection>
    ) : null;
  return (
    <>
      <RecordSection id="status-actions" title={record.status === 'active' ? 'Suspend' : 'Reinstate'}>
        {record.status === 'active' ? <SuspendForm key={record.id} record={record} /> : <ReinstateForm key={record.id} record={record} />}
      </RecordSection>
      {record.role === 'user' && (
        <RecordSection id="close-account" title="Close the account">
          <CloseAccountForm key={record.id} record={record} />
        </RecordSection>
      )}
    </>
  );
}
