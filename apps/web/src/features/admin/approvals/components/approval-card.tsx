import { programmeName } from '@coop/core';
import { declineApprovalSchema, type Approval } from '@coop/core/contracts';
import { useState } from 'react';
import { formatDateTime, naira } from '../../../../components/display/format';
import { errorMessage, FormMessage, SubmitButton, TextAreaField, useZodForm } from '../../../../components/form';
import { useDecideApproval } from '../api/decide-approval';
import { StatusBadge } from '../../common/components/status-badge';

const KIND = {
  cash_out: 'Cash-out',
  payout_run: 'Payout run',
  grant_approval: 'Grant approval',
  make_admin: 'Make administrator',
  remove_admin: 'Remove administrator',
  close_account: 'Close account',
  erase_member: 'Erase personal data',
} as const;

/** One request: who asked, what, for whom; Approve, or Decline with a reason. */
export function ApprovalCard({ approval, viewerId }: { approval: Approval; viewerId: string | undefined }) {
  const decide = useDecideApproval();
  const [declining, setDeclining] = useState(false);
  const form = useZodForm(declineApprovalSchema, { reason: '' });
  const own = approval.maker.id === viewerId;
  const onDecline = form.handleSubmit(({ reason }) => decide.mutate({ id: approval.id, decision: 'decline', reason }));
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="approval">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-slate-900">
          #{approval.id} {KIND[approval.kind]}
        </p>
        <StatusBadge status={approval.status} />
      </div>
      {approval.amount && <p className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{naira(approval.amount)}</p>}
      <p className="mt-1 break-words text-slate-800 first-letter:uppercase">{approval.summary}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Asked by</dt>
        <dd className="break-words text-slate-900">
          {approval.maker.fullName} {own && '(you)'} · {formatDateTime(approval.createdAt)}
        </dd>
        {approval.target && (
          <>
            <dt className="text-slate-600">For</dt>
            <dd className="break-all text-slate-900">
              {approval.target.fullName} ({approval.target.email}, {programmeName(approval.target.programme)})
            </dd>
          </>
        )}
        {approval.checker && (
          <>
            <dt className="text-slate-600">Decided by</dt>
            <dd className="text-slate-900">
              {approval.checker.fullName}
              {approval.decidedAt && ` · ${formatDateTime(approval.decidedAt)}`}
            </dd>
          </>
        )}
        {approval.declineReason && (
          <>
            <dt className="text-slate-600">Reason</dt>
            <dd className="break-words text-slate-900">{approval.declineReason}</dd>
          </>
        )}
        {approval.failureReason && (
          <>
            <dt className="text-slate-600">Not carried out</dt>
            <dd className="break-words text-red-800">{approval.failureReason}</dd>
          </>
        )}
      </dl>
      {approval.status === 'pending' && (
        <div className="mt-3 border-t border-slate-200 pt-3">
          {own && <p className="mb-2 text-sm text-slate-700">You asked for this: another administrator must approve it. You may withdraw it with Decline.</p>}
          {!declining ? (
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                onClick={() => decide.mutate({ id: approval.id, decision: 'approve' })}
                disabled={decide.isPending}
                className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
              >
                {decide.isPending ? 'Working...' : 'Approve'}
              </button>
              <button type="button" onClick={() => setDeclining(true)} className="min-h-11 rounded-md bg-red-700 px-5 font-semibold text-white hover:bg-red-800">
                Decline
              </button>
            </div>
          ) : (
            <form noValidate onSubmit={onDecline} className="space-y-3">
              <TextAreaField label="Why do you decline?" rows={2} error={form.formState.errors.reason} {...form.register('reason')} />
              <div className="flex flex-wrap gap-3">
                <SubmitButton pending={decide.isPending} pendingLabel="Declining...">
                  Decline request
                </SubmitButton>
                <button type="button" onClick={() => setDeclining(false)} className="min-h-11 rounded-md border border-slate-400 bg-white px-5 font-semibold text-slate-800">
                  Cancel
                </button>
              </div>
            </form>
          )}
        </div>
      )}
      {decide.isError && <FormMessage tone="error" message={errorMessage(decide.error)} />}
    </li>
  );
}
