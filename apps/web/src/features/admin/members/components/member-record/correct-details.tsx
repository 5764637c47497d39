import { useState } from 'react';
import { memberCorrectionSchema, type MemberRecord } from '@coop/core/contracts';
import {
  errorMessage,
  FormMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  useZodForm,
} from '../../../../../components/form';
import { useCorrectMember } from '../../api/correct-member';

function CorrectionForm({ record, onDone }: { record: MemberRecord; onDone: (message: string) => void }) {
  const form = useZodForm(memberCorrectionSchema, {
    fullName: record.fullName,
    phone: record.phone,
    email: record.email,
    reason: '',
  });
  const correct = useCorrectMember();
  const onSubmit = form.handleSubmit((input) =>
    correct.mutate({ id: record.id, input }, { onSuccess: (answer) => onDone(answer.message) }),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="mt-3 space-y-3 border-t border-slate-200 pt-3"
      aria-label="Correct the member's details"
    >
      <p className="text-sm text-slate-700">
        The name and phone change at once. A new email is confirmed by the new address: a link is mailed
        there, and the account keeps its old email until it is used. The member is told of each change at the
        address on file.
      </p>
      <TextField
        label="Full names"
        autoComplete="off"
        error={form.formState.errors.fullName}
        {...form.register('fullName')}
      />
      <TextField
        label="Phone"
        inputMode="tel"
        autoComplete="off"
        error={form.formState.errors.phone}
        {...form.register('phone')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={form.formState.errors.email}
        {...form.register('email')}
      />
      <TextAreaField
        label="Why (for the record)"
        rows={2}
        error={form.formState.errors.reason}
        {...form.register('reason')}
      />
      <SubmitButton pending={correct.isPending} pendingLabel="Saving..." className="sm:w-auto">
        Save the correction
      </SubmitButton>
      {correct.isError && <FormMessage tone="error" message={errorMessage(correct.error)} />}
    </form>
  );
}

/** The identity card's correction of a typing mistake in a member's name, phone or email (audited). */
export function CorrectDetails({ record }: { record: MemberRecord }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="mt-3">
      <FormMessage tone="success" message={done} />
      {open ? (
        <CorrectionForm
          key={record.id}
          record={record}
          onDone={(message) => {
            setDone(message);
            setOpen(false);
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => {
            setDone(null);
            setOpen(true);
          }}
          className="mt-1 min-h-11 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Correct name, phone or email
        </button>
      )}
    </div>
  );
}
