import { programmeName } from '@coop/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { adminPaths } from '../../common/admin-paths';
import { RUNS_PAGE_SIZE, usePayoutRuns } from '../api/get-payout-runs';
import { StatusBadge } from '../../common/components/status-badge';
import { adminName } from '../../common/admin-name';

/** Every payout run, newest month first, each opening its detail. */
export function PayoutRunsList() {
  const [page, setPage] = useState(1);
  const runs = usePayoutRuns(page);
  return (
    <section
      aria-labelledby="payout-runs"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="payout-runs" className="text-lg font-bold text-slate-900">
        Payout runs
      </h2>
      <QueryState query={runs} label="the payout runs">
        {(list) =>
          list.total === 0 ? (
            <p className="mt-2 text-slate-600">No payout has been run yet.</p>
          ) : (
            <>
              <ul className="mt-2 divide-y divide-slate-200">
                {list.items.map((run) => (
                  <li
                    key={run.id}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
                    data-testid="payout-run"
                  >
                    <div className="min-w-0">
                      <Link
                        to={`${adminPaths.payouts}/${run.id}`}
                        className="font-semibold text-brand-900 underline underline-offset-2"
                      >
                        {programmeName(run.programme)} · {run.period}
                      </Link>
                      <p className="text-sm text-slate-600">
                        {run.payoutCount} payout{run.payoutCount === 1 ? '' : 's'} ·{' '}
                        {run.mode === 'csv' ? 'bank file' : 'bank transfers'} · by{' '}
                        {adminName(run.createdBy, 'the payout schedule')}, {formatDateTime(run.createdAt)}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <StatusBadge status={run.status} />
                      <span className="text-sm text-slate-700 tabular-nums">
                        {naira(run.paid)} of {naira(run.total)} paid
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={RUNS_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
