import type { Programme } from '@coop/core';
import { Link } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import { memberRecordPath } from '../../common/admin-paths';
import { useRefundsDue } from '../api/get-refunds-due';

/**
 * Payments awaiting a refund: the provider took the fee but no position could be placed. Owed back, not income;
 * the refund itself is made at Paystack until the platform refunds from this list.
 */
export function RefundsDueList({ programme, count }: { programme: Programme; count: number }) {
  const list = useRefundsDue(programme);
  if (count === 0) return null;
  return (
    <section id="refunds-due" aria-labelledby="refunds-due-title" className="mt-4 rounded-lg border border-red-800/30 bg-red-50 p-4">
      <h3 id="refunds-due-title" className="font-bold text-red-900">
        Refunds due ({count})
      </h3>
      <p className="mt-1 mb-2 text-sm text-slate-700">Payments taken that placed nothing (a second fee, a payment after closure): each is owed back to the payer and is not counted as income.</p>
      <QueryState query={list} label="the refunds due">
        {(l) => (
          <ul className="divide-y divide-red-900/10">
            {l.items.map((r) => (
              <li key={r.reference} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-testid="refund-due">
                <div className="min-w-0">
                  <Link to={memberRecordPath(r.accountId)} className="font-semibold break-words text-brand-900 underline underline-offset-2">
                    {r.fullName}
                  </Link>
                  <p className="text-sm break-all text-slate-700">
                    {r.email} · reference {r.reference}
                    {r.paidAt && ` · paid ${formatDateTime(r.paidAt)}`}
                  </p>
                  {r.reason && <p className="text-sm break-words text-slate-700">{r.reason}</p>}
                </div>
                <p className="font-bold text-red-900 tabular-nums">{naira(r.amount)}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
