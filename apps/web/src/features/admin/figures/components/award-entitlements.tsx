import type { Liabilities } from '@coop/core/contracts';
import { Link } from 'react-router';
import { naira } from '../../../../components/display/format';
import { adminPaths } from '../../common/admin-paths';

/** Awards owed and delivered by kind: non-cash entitlements, valued at the plan, never paid from a wallet. */
export function AwardEntitlements({ view: v }: { view: Liabilities }) {
  const crown = v.goldenCrownDueNext12Months;
  return (
    // min-w-0: a grid item is as wide as its widest content by default, and the table scrolls inside it instead of widening the page.
    <section
      aria-labelledby="awards-owed"
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="awards-owed" className="font-bold text-slate-900">
        Awards owed (non-cash entitlements)
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Values are the plan&apos;s valuation of each award, not cash owed: awards never enter a wallet.
      </p>
      {v.awards.length === 0 ? (
        <p className="mt-3 text-slate-700">No award has been earned yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="py-2 pr-3 font-semibold">Award</th>
                <th className="py-2 pr-3 text-right font-semibold">To deliver</th>
                <th className="py-2 text-right font-semibold">Delivered</th>
              </tr>
            </thead>
            <tbody>
              {v.awards.map((a) => (
                <tr key={a.kind} className="border-t border-slate-100" data-award={a.kind}>
                  <td className="py-2 pr-3 text-slate-900">{a.label}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    <Link
                      to={`${adminPaths.awards}?status=pending`}
                      className="text-brand-900 underline underline-offset-2"
                    >
                      {a.pendingCount} · {naira(a.pendingValue)}
                    </Link>
                  </td>
                  <td className="py-2 text-right tabular-nums">
                    <Link
                      to={`${adminPaths.awards}?status=delivered`}
                      className="text-brand-900 underline underline-offset-2"
                    >
                      {a.deliveredCount} · {naira(a.deliveredValue)}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {v.programme === 'main' && (
        <p className="mt-3 text-sm text-slate-700">
          <Link
            to={`${adminPaths.awards}?status=pending`}
            className="font-semibold text-brand-900 underline underline-offset-2"
          >
            Golden Crown instalments due in the next 12 months: {crown.count} · {naira(crown.value)}
          </Link>
          {' (yearly instalments not yet delivered whose due date falls within a year, or has passed)'}
        </p>
      )}
    </section>
  );
}
