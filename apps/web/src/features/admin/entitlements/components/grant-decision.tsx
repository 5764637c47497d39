import { useState } from 'react';
import { errorMessage, FormMessage, TextAreaField, useZodForm } from '../../../../components/form';
import { useDecideGrant } from '../api/decide-grant';
import { grantNoteSchema } from '../grant-decision-schema';
import type { AdminGrant } from '../../common/types';
import { isPendingApproval } from '../../common/components/approval-notice';

/** Approve or decline a pending grant application, with an optional note kept with the decision. */
export function GrantDecision({ grant }: { grant: AdminGrant }) {
  const form = useZodForm(grantNoteSchema, { note: '' });
  const decide = useDecideGrant();
  const [decision, setDecision] = useState<'approved' | 'declined'>('approved');
  const onSubmit = form.handleSubmit(({ note }) =>
    decide.mutate({ id: grant.id, decision, note: note || undefined }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      <TextAreaField
        label="Note (optional)"
        rows={2}
        error={form.formState.errors.note}
        {...form.register('note')}
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          onClick={() => setDecision('approved')}
          disabled={decide.isPending}
          className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          Approve
        </button>
        <button
          type="submit"
          onClick={() => setDecision('declined')}
          disabled={decide.isPending}
          className="min-h-11 rounded-md bg-red-700 px-5 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
        >
          Decline
        </button>
      </div>
      {decide.isError && <FormMessage tone="error" message={errorMessage(decide.error)} />}
      {isPendingApproval(decide.data) && <FormMessage tone="success" message={decide.data.message} />}
    </form>
  );
}
