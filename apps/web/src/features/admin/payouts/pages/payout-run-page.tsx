import { programmeName } from '@coop/core';
import { Link, useParams } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import { errorMessage, FormMessage } from '../../../../components/form';
import { adminPaths, approvalPath } from '../../common/admin-paths';
import { usePayoutRun } from '../api/get-payout-run';
import { useState } from 'react';
import { useRetryPayoutRun, type RetryAnswer } from '../api/retry-payout-run';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { BankFilePanel } from '../components/bank-file-panel';
import { RunExportButton } from '../components/run-export-button';
import { StatusBadge, statusLabel } from '../../common/components/status-badge';
import { ReleasePayoutForm } from '../components/release-payout-form';
import { RunAttention } from '../components/run-attention';
import { PayoutAttempts } from '../components/payout-attempts';
import type { PayoutRunDetail, PayoutRunProgress } from '../../common/types';
import { adminName } from '../../common/admin-name';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A payout in a bank file whose answer is not recorded yet: the bank may pay it, so it is not released (the server refuses too). */
const inUnrecordedFile = (run: PayoutRunDetail, payout: PayoutRunDetail['payouts'][number]) =>
  run.batches.some(
    (b) =>
      (b.status === 'open' || b.status === 'awaiting_approval') &&
      b.items.some((i) => i.payoutId === payout.id && i.attempt === payout.attempt),
  );

/** What a retry did, in words: who was sent again and who still waits for the member. */
function retryOutcome(progress: PayoutRunProgress) {
  const held = progress.skipped.bank_details_new ?? 0;
  const waiting = Object.values(progress.skipped).reduce((sum, n) => sum + n, 0) - held;
  const sent = progress.reserved
    ? `${plural(progress.reserved, 'payout')} sent again.`
    : 'Nothing new to send.';
  return waiting
    ? `${sent} ${plural(waiting, 'payout')} still wait for the member (see what to do).`
    : `${sent} The list refreshes as the bank answers.`;
}

/** Payouts to bank details saved after the run's approval wait for a second administrator: where to see the request. */
function HeldForApproval({ answer }: { answer: RetryAnswer }) {
  if (!answer.approval) return null;
  return (
    <p
      className="mt-2 rounded-md border border-amber-900/30 bg-amber-100 px-3 py-2 text-amber-900"
      role="status"
      data-testid="retry-held"
    >
      {answer.message}{' '}
      <Link to={approvalPath(answer.approval.id)} className="font-semibold underline underline-offset-2">
        See request #{answer.approval.id}
      </Link>
    </p>
  );
}

/**
 * Retry: pays again, in this run, every failed payout whose member now has confirmed bank details, and sends
 * again what is still waiting (same references: never paid twice).
 */
function RetryButton({ run }: { run: PayoutRunDetail }) {
  const retry = useRetryPayoutRun();
  const [confirming, setConfirming] = useState(false);
  const waiting = run.mode === 'transfer' ? (run.counts.reserved ?? 0) + (run.counts.processing ?? 0) : 0;
  const retryable = run.payouts.filter((p) => p.attention?.retryable).length;
  if (run.status === 'completed' || waiting + retryable === 0) return null;
  const what = [
    retryable ? plural(retryable, 'failed payout') : '',
    waiting ? plural(waiting, 'waiting transfer') : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return (
    <div>
      {!confirming ? (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
        >
          Retry: pay the {what} again
        </button>
      ) : (
        <div
          role="group"
          aria-labelledby="retry-confirm"
          className="rounded-lg border border-amber-900/30 bg-amber-100 p-3"
        >
          <p id="retry-confirm" className="font-semibold text-amber-900">
            Pay the {what} again now, to the bank details each member has today? A payout to bank details
            saved after this run was approved, or in the last hours, waits for a second administrator instead.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => retry.mutate(run.id, { onSettled: () => setConfirming(false) })}
              disabled={retry.isPending}
              className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
            >
              {retry.isPending ? 'Retrying...' : 'Yes, retry'}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              disabled={retry.isPending}
              className="min-h-11 rounded-md border border-slate-400 bg-white px-5 font-semibold text-slate-800"
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      <p className="mt-1 text-sm text-slate-600">
        {run.mode === 'csv'
          ? 'A refused payout goes into the next bank file (a new batch holding only what is to be paid now); download it and record what the bank paid.'
          : 'A failed payout is paid once to the bank details the member has now; a transfer the bank already made is never paid twice.'}
      </p>
      {retry.isSuccess && <FormMessage tone="success" message={retryOutcome(retry.data)} />}
      {retry.isSuccess && <HeldForApproval answer={retry.data} />}
      {retry.isError && <FormMessage tone="error" message={errorMessage(retry.error)} />}
    </div>
  );
}

/** One payout run: its totals, what needs attention, each payout with bank and last 4 digits, retry and release. */
export function PayoutRunPage() {
  const id = Number(useParams().id);
  const run = usePayoutRun(id);
  return (
    <>
      <p className="mb-2">
        <Link to={adminPaths.payouts} className="font-semibold text-brand-900 underline underline-offset-2">
          ← Monthly Payouts
        </Link>
      </p>
      <QueryState query={run} label={`payout run #${id}`}>
        {(r) => (
          <div className="space-y-4">
            <AdminPageTitle
              lead={`Run #${r.id} ${r.approvedBy ? `asked by ${adminName(r.createdBy, 'the payout schedule')}, approved by ${adminName(r.approvedBy)}` : `by ${adminName(r.createdBy, 'the payout schedule')}`}, ${formatDateTime(r.createdAt)}${r.completedAt ? `; completed ${formatDateTime(r.completedAt)}` : ''}.`}
            >
              {programmeName(r.programme)} payout · {r.period}
            </AdminPageTitle>
            <div className="flex flex-wrap items-center gap-3">
              <StatusBadge status={r.status} />
              <span className="font-semibold text-slate-900">
                {naira(r.paid)} of {naira(r.total)} paid
              </span>
              <span className="text-slate-700">
                {Object.entries(r.counts)
                  .filter(([, n]) => n)
                  .map(([status, n]) => `${n} ${statusLabel(status)}`)
                  .join(' · ')}
              </span>
            </div>
            <RunAttention run={r} />
            <RetryButton run={r} />
            <BankFilePanel run={r} />
            <RunExportButton runId={r.id} />
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
              {r.payouts.map((p) => (
                <li
                  key={p.id}
                  className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3"
                  data-testid="run-payout"
                >
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-slate-900">{p.fullName}</p>
                    <p className="text-sm break-all text-slate-600">
                      {p.email} · {p.bankName} ····{p.accountNumberLast4}
                    </p>
                    <p className="text-xs break-all text-slate-500">{p.reference}</p>
                    {p.attempt > 1 && (
                      <p className="text-xs text-slate-600">Attempt {p.attempt}: paid again in this run</p>
                    )}
                    <p className="text-sm text-slate-700" data-testid="payout-status-text">
                      {p.statusText}
                    </p>
                    {p.failureReason && (
                      <p className="text-sm font-medium text-red-700">
                        {r.mode === 'csv' ? `The bank said: “${p.failureReason}”` : p.failureReason}
                      </p>
                    )}
                    {p.releasedReason && (
                      <p className="text-sm text-slate-700">Released: {p.releasedReason}</p>
                    )}
                  </div>
                  <div className="flex items-center gap-2">
                    <StatusBadge status={p.status} />
                    <span className="font-bold text-slate-900 tabular-nums">{naira(p.amount)}</span>
                  </div>
                  <PayoutAttempts payout={p} bankFile={r.mode === 'csv'} />
                  {!inUnrecordedFile(r, p) && <ReleasePayoutForm payout={p} bankFile={r.mode === 'csv'} />}
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </>
  );
}
