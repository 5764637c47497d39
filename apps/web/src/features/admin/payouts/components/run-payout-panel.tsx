import { programmeName } from '@coop/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { naira } from '../../../../components/display/format';
import { errorMessage, FormMessage } from '../../../../components/form';
import { adminPaths } from '../../common/admin-paths';
import { useRunPayout } from '../api/run-payout';
import type { PayoutPreview } from '../../common/types';
import { isPendingApproval } from '../../common/components/approval-notice';
import { useApprovalSettings } from '../../common/api/get-approval-settings';
import { statusLabel } from '../../common/components/status-badge';

/**
 * Runs the previewed month: asks once more with the figures, then starts the run (the server reserves every
 * payee's wallet before any transfer, and refuses a second run of the same programme and month).
 */
export function RunPayoutPanel({ preview }: { preview: PayoutPreview }) {
  const navigate = useNavigate();
  const run = useRunPayout();
  const [confirming, setConfirming] = useState(false);
  const [waiting, setWaiting] = useState<string | null>(null);
  // With a second administrator the button asks for approval and pays nothing yet: it says so.
  const needsApproval = useApprovalSettings().data?.singleAdmin === false;
  if (waiting) return <FormMessage tone="success" message={waiting} />;
  if (preview.existingRun) {
    return (
      <FormMessage
        tone="info"
        message={`The ${programmeName(preview.programme)} payout of ${preview.period} has already been run (run #${preview.existingRun.id}, ${statusLabel(preview.existingRun.status)}). Open it below to follow it; a payout that failed is paid again there with Retry.`}
      />
    );
  }
  if (preview.totals.payees === 0)
    return (
      <FormMessage tone="info" message="There is nobody to pay for this month, so there is nothing to run." />
    );
  const start = async () => {
    try {
      const progress = await run.mutateAsync({
        programme: preview.programme,
        period: preview.period,
        mode: preview.mode,
      });
      if (isPendingApproval(progress)) {
        setWaiting(progress.message);
        return;
      }
      navigate(`${adminPaths.payouts}/${progress.run.id}`);
    } catch {
      setConfirming(false);
    }
  };
  return (
    <div className="rounded-lg border border-amber-900/30 bg-amber-100 p-4">
      {!confirming ? (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
        >
          Run this payout
        </button>
      ) : (
        <div role="group" aria-labelledby="run-confirm">
          <p id="run-confirm" className="font-semibold text-amber-900">
            Pay {naira(preview.totals.amount)} to {preview.totals.payees} member
            {preview.totals.payees === 1 ? '' : 's'} of {programmeName(preview.programme)} for{' '}
            {preview.period} by {preview.mode === 'csv' ? 'a bank file' : 'bank transfer'}? This runs once per
            month.
            {needsApproval && ' A second administrator approves it on Approvals before any money moves.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => void start()}
              disabled={run.isPending}
              className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
            >
              {run.isPending
                ? needsApproval
                  ? 'Asking for approval...'
                  : 'Starting the run...'
                : needsApproval
                  ? 'Yes, ask for approval'
                  : 'Yes, pay now'}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              disabled={run.isPending}
              className="min-h-11 rounded-md border border-slate-400 bg-white px-5 font-semibold text-slate-800"
            >
              Cancel
            </button>
          </div>
        </div>
      )}
      {run.isError && <FormMessage tone="error" message={errorMessage(run.error)} />}
    </div>
  );
}
