import { SUSPENSION_REASON_TEXT, suspensionReasons } from '@coop/core';
import {
  reinstateAccountSchema,
  suspendAccountSchema,
  type MemberRecord,
  type SuspendAccountInput,
} from '@coop/core/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  errorMessage,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  useZodForm,
} from '../../../../../components/form';
import { adminPaths } from '../../../common/admin-paths';
import { useChangeMemberStatus } from '../../api/change-member-status';
import { CloseAccountForm } from './close-account-form';
import { RecordSection } from './record-section';

const reasonOptions = suspensionReasons.map((value) => ({
  value,
  label: SUSPENSION_REASON_TEXT[value].replace(/^./, (c) => c.toUpperCase()),
}));

/** Suspending signs the member out at once: the form asks once more, naming whom, before it is sent. */
function SuspendForm({ record }: { record: MemberRecord }) {
  const form = useZodForm(suspendAccountSchema, { note: '' });
  const change = useChangeMemberStatus();
  const [asking, setAsking] = useState<SuspendAccountInput | null>(null);
  const onSubmit = form.handleSubmit((input) => setAsking(input));
  const confirm = () => {
    if (!asking) return;
    change.mutate(
      { id: record.id, action: 'suspend', input: asking },
      { onSuccess: () => form.reset({ note: '' }), onSettled: () => setAsking(null) },
    );
  };
  if (asking)
    return (
      <div
        role="group"
        aria-labelledby="suspend-confirm"
        className="space-y-3 rounded-md border border-red-800/30 bg-red-50 p-3"
      >
        <p id="suspend-confirm" className="font-semibold text-red-900">
          Suspend {record.fullName} ({record.email})? They are signed out everywhere at once and told: “
          {SUSPENSION_REASON_TEXT[asking.reason]}”.
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={confirm}
            disabled={change.isPending}
            className="min-h-11 rounded-md bg-red-700 px-5 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
          >
            {change.isPending ? 'Suspending...' : 'Yes, suspend'}
          </button>
          <button
            type="button"
            onClick={() => setAsking(null)}
            disabled={change.isPending}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-5 font-semibold text-slate-800"
          >
            Cancel
          </button>
        </div>
      </div>
    );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-700">
        A suspended account keeps its place in the matrix, is signed out everywhere, cannot sign in (it is
        told the reason and the support address), earns nothing while suspended, and its payouts are held.
      </p>
      <SelectField
        label="Reason (the member is told this)"
        placeholder="Choose a reason"
        options={reasonOptions}
        error={form.formState.errors.reason}
        {...form.register('reason')}
      />
      <TextAreaField
        label="Note for the record (not shown to the member)"
        rows={3}
        error={form.formState.errors.note}
        {...form.register('note')}
      />
      <SubmitButton
        pending={false}
        pendingLabel="Suspending..."
        className="bg-red-700 hover:bg-red-800 sm:w-auto"
      >
        Suspend the account
      </SubmitButton>
      {change.isError && <FormMessage tone="error" message={errorMessage(change.error)} />}
    </form>
  );
}

function ReinstateForm({ record }: { record: MemberRecord }) {
  const form = useZodForm(reinstateAccountSchema, { note: '' });
  const change = useChangeMemberStatus();
  const onSubmit = form.handleSubmit((input) =>
    change.mutate(
      { id: record.id, action: 'reinstate', input },
      { onSuccess: () => form.reset({ note: '' }) },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <p className="text-sm text-slate-700">
        Reinstating lets the member sign in again; bonuses from now on are credited and payouts resume.
      </p>
      <TextAreaField
        label="Note for the record"
        rows={3}
        error={form.formState.errors.note}
        {...form.register('note')}
      />
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
  // An administrator's account changes who can approve: one administrator never suspends, reinstates or closes it (decision 0038).
  if (record.role === 'admin')
    return (
      <RecordSection id="status-actions" title="An administrator's account">
        <p className="text-sm text-slate-800" data-testid="administrator-account-note">
          This account is an administrator{record.status === 'suspended' ? ' (suspended)' : ''}. One
          administrator cannot suspend, reinstate or close it. To take the role away, ask for the removal
          under{' '}
          <Link
            to={adminPaths.makeAdmin}
            className="font-semibold text-brand-900 underline underline-offset-2"
          >
            Make User Admin
          </Link>
          : another administrator approves it, or it takes effect after the notice unless declined.
        </p>
      </RecordSection>
    );
  return (
    <>
      <RecordSection id="status-actions" title={record.status === 'active' ? 'Suspend' : 'Reinstate'}>
        {record.status === 'active' ? (
          <SuspendForm key={record.id} record={record} />
        ) : (
          <ReinstateForm key={record.id} record={record} />
        )}
      </RecordSection>
      <RecordSection id="close-account" title="Close the account">
        <CloseAccountForm key={record.id} record={record} />
      </RecordSection>
    </>
  );
}
