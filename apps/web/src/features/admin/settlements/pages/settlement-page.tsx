import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime, naira } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import { errorMessage, FormMessage } from '../../../../components/form';
import { adminPaths } from '../../common/admin-paths';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { StatusBadge } from '../../common/components/status-badge';
import { useSettlement } from '../api/get-settlement';
import { useTickSettlement } from '../api/tick-settlement';
import { SettlementFigures } from '../components/settlement-figures';
import { SettlementFlags } from '../components/settlement-flags';
import { SettlementLines } from '../components/settlement-lines';
import { adminName } from '../../common/admin-name';

/** One settlement: its sum, whether ours agrees and why not, its lines, and the tick once found on the bank statement. */
export function SettlementPage() {
  const id = Number(useParams().id);
  const settlement = useSettlement(id);
  const tick = useTickSettlement(id);
  return (
    <QueryState query={settlement} label="the settlement">
      {({ settlement: s, lines }) => (
        <>
          <AdminPageTitle
            lead={
              <>
                Paystack&apos;s settlement #{s.providerSettlementId}.{' '}
                <Link to={adminPaths.settlements} className="text-brand-900 underline underline-offset-2">
                  All settlements
                </Link>
              </>
            }
          >
            {`Settlement of ${formatDate(s.settlementDate)}`}
          </AdminPageTitle>
          <div className="grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
            <section
              aria-labelledby="settlement-sum"
              className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h2 id="settlement-sum" className="font-bold text-slate-900">
                The sum
              </h2>
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={s.status} />
                <SettlementFlags settlement={s} />
              </div>
              {s.mismatch ? (
                <p
                  role="alert"
                  className="rounded-md border border-red-700/40 bg-red-50 px-3 py-2 text-sm text-red-900"
                >
                  <strong>Our figures and Paystack&apos;s differ.</strong> {s.mismatchNote}
                </p>
              ) : (
                <p className="rounded-md border border-brand-800/30 bg-brand-50 px-3 py-2 text-sm text-brand-900">
                  Our records agree: {naira(s.total)} should reach the bank.
                </p>
              )}
              <SettlementFigures settlement={s} />
              <div className="border-t border-slate-200 pt-3">
                <button
                  type="button"
                  aria-pressed={s.tickedAt !== null}
                  disabled={tick.isPending}
                  onClick={() => tick.mutate(s.tickedAt === null)}
                  className={`min-h-11 rounded-md px-5 font-semibold disabled:opacity-70 ${
                    s.tickedAt
                      ? 'border border-brand-800 bg-white text-brand-900 hover:bg-brand-50'
                      : 'bg-brand-800 text-white hover:bg-brand-900'
                  }`}
                >
                  {s.tickedAt ? 'Untick: not on the bank statement' : 'Found on the bank statement'}
                </button>
                {s.tickedAt && (
                  <p className="mt-2 text-sm text-slate-700">
                    Ticked {formatDateTime(s.tickedAt)}
                    {s.tickedBy && ` by ${adminName(s.tickedBy)}`}.
                  </p>
                )}
                {tick.isError && <FormMessage tone="error" message={errorMessage(tick.error)} />}
              </div>
            </section>
            <section aria-labelledby="settlement-lines" className="space-y-3">
              <h2 id="settlement-lines" className="font-bold text-slate-900">
                What it holds
              </h2>
              <SettlementLines lines={lines} />
            </section>
          </div>
        </>
      )}
    </QueryState>
  );
}
