import { programmeName, type Programme } from '@coop/core';
import { lazy, Suspense, useState } from 'react';
import { formatDateTime } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import { useLiabilities, useLiabilityHistory } from '../api/get-liabilities';
import { AwardEntitlements } from './award-entitlements';
import { LiabilityFigures } from './liability-figures';
import { RefundsDueList } from './refunds-due-list';
import { StatusFilter } from '../../common/components/status-filter';
import { programmeOptions } from '../../common/programme-options';

// recharts is loaded only when this section renders: never by the public pages, nor by other admin screens.
const LiabilityChart = lazy(() => import('./liability-chart'));

/** What the company owes, per programme, read from the ledger and the award table at each visit. */
export function LiabilityView() {
  const [programme, setProgramme] = useState<Programme>('main');
  const view = useLiabilities(programme);
  const history = useLiabilityHistory(programme);
  return (
    <section aria-labelledby="liabilities" className="mt-8" data-testid="liability-view">
      <h2 id="liabilities" className="text-xl font-bold text-brand-900">
        What the company owes
      </h2>
      <p className="mt-1 mb-3 max-w-3xl text-slate-700">
        Computed from the ledger and the award table, never typed in. Each figure opens the list behind it.
      </p>
      <StatusFilter filters={programmeOptions} value={programme} onChange={setProgramme} />
      <QueryState query={view} label="what the company owes">
        {(v) => (
          <>
            <LiabilityFigures view={v} />
            <RefundsDueList programme={programme} count={v.refundsDue.count} />
            <div className="mt-4 grid gap-4 xl:grid-cols-2">
              <AwardEntitlements view={v} />
              <section
                aria-labelledby="twelve-months"
                className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
              >
                <h3 id="twelve-months" className="font-bold text-slate-900">
                  The last 12 months ({programmeName(programme)})
                </h3>
                <p className="mt-1 mb-2 text-sm text-slate-600">
                  Fees in, cash bonuses credited and money paid out, per month (Lagos time).
                </p>
                <QueryState query={history} label="the monthly figures">
                  {(h) => (
                    <Suspense
                      fallback={<p className="py-10 text-center text-slate-600">Loading the chart...</p>}
                    >
                      <LiabilityChart history={h} />
                    </Suspense>
                  )}
                </QueryState>
              </section>
            </div>
            <p className="mt-2 text-sm text-slate-600">Figures as of {formatDateTime(v.computedAt)}.</p>
          </>
        )}
      </QueryState>
    </section>
  );
}
