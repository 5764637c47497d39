import { programmeName } from '@coop/core';
import { declineApprovalSchema, type Approval } from '@coop/core/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import {
  errorMessage,
  FormMessage,
  SubmitButton,
  TextAreaField,
  useZodForm,
} from '../../../../components/form';
import { approvalPath } from '../../common/admin-paths';
import { StatusBadge } from '../../common/components/status-badge';
import { useDecideApproval } from '../api/decide-approval';
import { ApproveConfirmation } from './approve-confirmation';
import { ApprovalOverlaps } from '../../common/components/approval-overlaps';
import { HeldMoney } from './held-money';
import { LeftOutList } from './left-out-list';
import { RemovalNotice } from './removal-notice';
import { PlanSimulationFigures } from './plan-simulation-figures';
import { adminName } from '../../common/admin-name';

const KIND = {
  cash_out: 'Cash-out',
  payout_run: 'Payout run',
  payout_retry: 'Payout retry to new bank details',
  grant_approval: 'Grant approval',
  make_admin: 'Invite an administrator',
  remove_admin: 'Remove administrator',
  close_account: 'Close account',
  erase_member: 'Erase personal data',
  refund: 'Refund a payment',
  plan_version: 'Publish a plan version',
  bank_file_record: 'Record what the bank paid',
  bank_file_reversal: 'Correct a recorded bank file',
  dispute_accept: 'Accept a card dispute (the money goes back)',
} as const;

export const paymentsCount = (n: number) => `${n} payment${n === 1 ? '' : 's'}`;

/**
 * One request: who asked, what, for whom, how much and to how many; a link to what the maker saw. Approve asks for
 * confirmation first; the maker's own request has no Approve (they may withdraw it with Decline).
 */
export function ApprovalCard({
  approval,
  viewerId,
  showPreviewLink = true,
}: {
  approval: Approval;
  viewerId: string | undefined;
  showPreviewLink?: boolean;
}) {
  const decide = useDecideApproval();
  const [step, setStep] = useState<'idle' | 'confirming' | 'declining'>('idle');
  const form = useZodForm(declineApprovalSchema, { reason: '' });
  const own = approval.maker.id === viewerId;
  // The administrator a removal concerns may only object (decision 0038): no Approve, and Decline is an objection.
  const concernsYou = approval.kind === 'remove_admin' && approval.target?.id === viewerId;
  // An objection leaves the request waiting: the form closes, the card shows the objection.
  const onDecline = form.handleSubmit(({ reason }) =>
    decide.mutate(
      { id: approval.id, decision: 'decline', reason },
      { onSuccess: () => (setStep('idle'), form.reset({ reason: '' })) },
    ),
  );
  return (
    <li
      className="list-none rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="approval"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-slate-900">
          #{approval.id} {KIND[approval.kind]}
        </p>
        <StatusBadge status={approval.status} />
      </div>
      {approval.amount && (
        <p className="mt-1 flex flex-wrap items-baseline gap-x-3">
          <span className="text-xl font-bold text-slate-900 tabular-nums" data-testid="approval-amount">
            {naira(approval.amount)}
          </span>
          {approval.count !== null && (
            <span className="font-semibold text-slate-700" data-testid="approval-count">
              {paymentsCount(approval.count)}
            </span>
          )}
        </p>
      )}
      <p className="mt-1 break-words text-slate-800 first-letter:uppercase">{approval.summary}</p>
      {approval.hasPreview && showPreviewLink && (
        <p className="mt-1">
          <Link
            to={approvalPath(approval.id)}
            className="font-semibold text-brand-900 underline underline-offset-2"
          >
            See who is paid, as the request was made
          </Link>
        </p>
      )}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Asked by</dt>
        <dd className="break-words text-slate-900">
          {adminName(approval.maker)} {own && '(you)'} · {formatDateTime(approval.createdAt)}
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
            <dd className="break-words text-slate-900">
              {adminName(approval.checker)}
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
      {approval.kind === 'plan_version' && <PlanSimulationFigures approval={approval} />}
      <HeldMoney approval={approval} own={own} />
      <ApprovalOverlaps overlaps={approval.overlaps} />
      <LeftOutList leftOut={approval.leftOut} />
      <RemovalNotice approval={approval} viewerId={viewerId} />
      {approval.status === 'pending' && (
        <div className="mt-3 border-t border-slate-200 pt-3">
          {own && !approval.takesEffectAt && (
            <p className="mb-2 text-sm text-slate-700">
              You asked for this: another administrator must approve it. You may withdraw it with Decline.
            </p>
          )}
          {step === 'idle' && (
            <div className="flex flex-wrap gap-3">
              {!own && !concernsYou && (
                <button
                  type="button"
                  onClick={() => setStep('confirming')}
                  className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
                >
                  Approve
                </button>
              )}
              <button
                type="button"
                onClick={() => setStep('declining')}
                className="min-h-11 rounded-md bg-red-700 px-5 font-semibold text-white hover:bg-red-800"
              >
                {own ? 'Withdraw (decline)' : concernsYou ? 'Object' : 'Decline'}
              </button>
            </div>
          )}
          {step === 'confirming' && (
            <ApproveConfirmation
              approval={approval}
              pending={decide.isPending}
              onConfirm={() =>
                decide.mutate({ id: approval.id, decision: 'approve' }, { onSettled: () => setStep('idle') })
              }
              onCancel={() => setStep('idle')}
            />
          )}
          {step === 'declining' && (
            <form noValidate onSubmit={onDecline} className="space-y-3">
              <TextAreaField
                label={concernsYou ? 'Why do you object?' : 'Why do you decline?'}
                rows={2}
                error={form.formState.errors.reason}
                {...form.register('reason')}
              />
              <div className="flex flex-wrap gap-3">
                <SubmitButton
                  pending={decide.isPending}
                  pendingLabel={concernsYou ? 'Sending...' : 'Declining...'}
                >
                  {concernsYou ? 'Send my objection' : 'Decline request'}
                </SubmitButton>
                <button
                  type="button"
                  onClick={() => setStep('idle')}
                  className="min-h-11 rounded-md border border-slate-400 bg-white px-5 font-semibold text-slate-800"
                >
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
