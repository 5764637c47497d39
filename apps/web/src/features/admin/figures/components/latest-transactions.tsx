import { programmeName } from '@coop/core';
import { naira, formatDateTime } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import { useLatestTransactions } from '../api/get-latest-transactions';
import { StatusBadge } from '../../common/components/status-badge';

/** Latest Transactions (spec 2.7): the real latest payments of both programmes, newest first. */
export function LatestTransactions() {
  const query = useLatestTransactions();
  return (
    <section
      aria-labelledby="latest-transactions"
      className="sm:col-span-2 lg:col-span-1 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="latest-transactions" className="text-lg font-bold text-slate-900">
        Latest Transactions
      </h2>
      <QueryState query={query} label="the latest transactions">
        {({ items }) =>
          items.length === 0 ? (
            <p className="py-6 text-slate-600">No payment has been started yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200">
              {items.map((t) => (
                <li
                  key={t.reference}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3"
                  data-testid="latest-transaction"
                >
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-slate-900">{t.name}</p>
                    <p className="text-sm break-all text-slate-600">{t.email}</p>
                    <p className="text-xs text-slate-500">
                      {programmeName(t.programme)} · {formatDateTime(t.date)} ·{' '}
                      <span className="break-all">{t.reference}</span>
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <StatusBadge status={t.status} />
                    <span className="font-bold text-slate-900 tabular-nums">{naira(t.amount)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
