import type { Programme } from '@coop/core';
import { Link } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import { memberRecordPath, refundPath } from '../../common/admin-paths';
import { useRefundsDue } from '../api/get-refunds-due';

/**
 * Payments awaiting a refund: the provider took the fee but no position could be placed. Owed back, not income;
 * each is refunded from its refund screen (a failed refund brings it back here, a partial one leaves the rest).
 */
export function RefundsDueList({ programme, count }: { programme: Programme; count: number }) {
  const list = useRefundsDue(programme);
  if (count === 0) return null;
  return (
    <section
      id="refunds-due"
      aria-labelledby="refunds-due-title"
      className="mt-4 rounded-lg border border-red-800/30 bg-red-50 p-4"
    >
      <h3 id="refunds-due-title" className="font-bold text-red-900">
        Payments awaiting refund ({count})
      </h3>
      <p className="mt-1 mb-2 text-sm text-slate-700">
        Payments taken that placed nothing (a second fee, a payment after closure): each is owed back to the
        payer and is not counted as income. Refund it through Paystack from its Refund link; a second
        administrator approves.
      </p>
      <QueryState query={list} label="the refunds due">
        {(l) =>
          l.items.length === 0 ? (
            <p className="text-sm text-slate-700">
              Each payment owed back has a refund with Paystack now; it leaves this figure once Paystack has
              paid it back.
            </p>
          ) : (
            <ul className="divide-y divide-red-900/10">
              {l.items.map((r) => (
                <li
                  key={r.reference}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
                  data-testid="refund-due"
                >
                  <div className="min-w-0">
                    <Link
                      to={memberRecordPath(r.accountId)}
                      className="font-semibold break-words text-brand-900 underline underline-offset-2"
                    >
                      {r.fullName}
                    </Link>
                    <p className="text-sm break-all text-slate-700">
                      {r.email} · reference {r.reference}
                      {r.paidAt && ` · paid ${formatDateTime(r.paidAt)}`}
                    </p>
                    {r.reason && <p className="text-sm break-words text-slate-700">{r.reason}</p>}
                  </div>
                  <p className="flex items-baseline gap-3">
                    <span className="font-bold text-red-900 tabular-nums">{naira(r.amount)}</span>
                    <Link
                      to={refundPath(r.reference)}
                      className="font-semibold text-brand-900 underline underline-offset-2"
                      data-testid="refund-due-link"
                    >
                      Refund
                    </Link>
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
