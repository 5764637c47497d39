import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, naira } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { settlementPath } from '../../common/admin-paths';
import { StatusBadge } from '../../common/components/status-badge';
import { SETTLEMENTS_PAGE_SIZE, useSettlements } from '../api/get-settlements';
import { SettlementFlags } from './settlement-flags';

/** Every settlement, newest first: each a line of the bank statement to tick, its sum and whether ours agrees. */
export function SettlementsList() {
  const [page, setPage] = useState(1);
  const settlements = useSettlements(page);
  return (
    <section
      aria-labelledby="settlements"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="settlements" className="text-lg font-bold text-slate-900">
        Settlements to the bank
      </h2>
      <QueryState query={settlements} label="the settlements">
        {(list) =>
          list.total === 0 ? (
            <p className="mt-2 text-slate-600">
              No settlement recorded yet. Paystack settles the day after card payments; press Fetch now to
              ask.
            </p>
          ) : (
            <>
              <ul className="mt-2 divide-y divide-slate-200">
                {list.items.map((s) => (
                  <li key={s.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_auto]" data-testid="settlement">
                    <div className="min-w-0 space-y-1">
                      <Link
                        to={settlementPath(s.id)}
                        className="font-semibold text-brand-900 underline underline-offset-2"
                      >
                        {formatDate(s.settlementDate)} · Paystack #{s.providerSettlementId}
                      </Link>
                      <p className="text-sm text-slate-700">
                        {s.paymentCount} payment{s.paymentCount === 1 ? '' : 's'} {naira(s.processed)} · fees{' '}
                        {naira(s.fees)} · refunds {naira(s.refunds)} · chargebacks {naira(s.chargebacks)}
                      </p>
                      <div className="flex flex-wrap items-center gap-2">
                        <StatusBadge status={s.status} />
                        <SettlementFlags settlement={s} />
                      </div>
                    </div>
                    <div className="text-sm sm:text-right">
                      <p className="text-slate-700">To the bank</p>
                      <p className="text-lg font-bold text-slate-900 tabular-nums">{naira(s.total)}</p>
                      {s.mismatch && <p className="text-red-800 tabular-nums">ours {naira(s.oursTotal)}</p>}
                    </div>
                  </li>
                ))}
              </ul>
              <Pager page={page} total={list.total} pageSize={SETTLEMENTS_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
