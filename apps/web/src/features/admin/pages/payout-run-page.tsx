import { Link, useParams } from 'react-router';
import { formatDateTime, naira } from '../../../components/display/format';
import { QueryState } from '../../../components/display/query-state';
import { errorMessage, FormMessage } from '../../../components/form';
import { adminPaths, programmeName } from '../admin-paths';
import { usePayoutRun } from '../api/get-payout-run';
import { useRetryPayoutRun } from '../api/retry-payout-run';
import { AdminPageTitle } from '../components/admin-page-title';
import { BankFilePanel } from '../components/bank-file-panel';
import { RunExportButton } from '../components/run-export-button';
import { StatusBadge } from '../components/status-badge';
import type { PayoutRunDetail } from '../types';

function RetryButton({ run }: { run: PayoutRunDetail }) {
  const retry = useRetryPayoutRun();
  const waiting = (run.counts.reserved ?? 0) + (run.counts.processing ?? 0);
  if (run.mode !== 'transfer' || run.status !== 'running' || waiting === 0) return null;
  return (
    <div>
      <button
        type="button"
        onClick={() => retry.mutate(run.id)}
        disabled={retry.isPending}
        className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
      >
        {retry.isPending ? 'Sending again...' : `Send the ${waiting} waiting transfer${waiting === 1 ? '' : 's'} again`}
      </button>
      <p className="mt-1 text-sm text-slate-600">Same references: a transfer the bank already made is never paid twice.</p>
      {retry.isSuccess && <FormMessage tone="success" message="Sent again. The list refreshes as the bank answers." />}
      {retry.isError && <FormMessage tone="error" message={errorMessage(retry.error)} />}
    </div>
  );
}

/** One payout run: its totals, each payout with bank and last 4 digits, and a retry of what is still waiting. */
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
            <AdminPageTitle lead={`Run #${r.id} by ${r.createdBy}, ${formatDateTime(r.createdAt)}${r.completedAt ? `; completed ${formatDateTime(r.completedAt)}` : ''}.`}>
              {programmeName[r.programme]} payout · {r.period}
            </AdminPageTitle>
            <div className="flex flex-wrap items-center gap-3">
              <StatusBadge status={r.status} />
              <span className="font-semibold text-slate-900">
                {naira(r.paid)} of {naira(r.total)} paid
              </span>
              <span className="text-slate-700">
                {Object.entries(r.counts)
                  .filter(([, n]) => n)
                  .map(([status, n]) => `${n} ${status}`)
                  .join(' · ')}
              </span>
            </div>
            <RetryButton run={r} />
            <BankFilePanel run={r} />
            <RunExportButton runId={r.id} />
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4">
              {r.payouts.map((p) => (
                <li key={p.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3" data-testid="run-payout">
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-slate-900">{p.fullName}</p>
                    <p className="text-sm break-all text-slate-600">
                      {p.email} · {p.bankName} ····{p.accountNumberLast4}
                    </p>
                    <p className="text-xs break-all text-slate-500">{p.reference}</p>
                    {p.failureReason && <p className="text-sm font-medium text-red-700">{p.failureReason}</p>}
                  </div>
                  <div className="flex items-center gap-2">
                    <StatusBadge status={p.status} />
                    <span className="font-bold text-slate-900 tabular-nums">{naira(p.amount)}</span>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </>
  );
}
