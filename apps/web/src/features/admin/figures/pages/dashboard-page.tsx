import { parseNairaString } from '@coop/core';
import { QueryState } from '../../../../components/display/query-state';
import { naira } from '../../../../components/display/format';
import { useTransactionAmounts } from '../api/get-transaction-amounts';
import { useUserCounts } from '../api/get-user-counts';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { GaugeRing } from '../components/gauge-ring';
import { LatestTransactions } from '../components/latest-transactions';
import { LiabilityView } from '../components/liability-view';
import { MailBacklog } from '../components/mail-backlog';
import { StatWidget } from '../components/stat-widget';
import { salesGauge } from '../sales-gauge';
import type { CountFigures, MoneyFigures } from '../../common/types';

const counted = (f: CountFigures) => ({
  value: f.total,
  today: f.today,
  previousDay: f.previousDay,
  todayHasSome: f.today > 0,
  changePercent: f.changePercent,
});
const summed = (f: MoneyFigures) => ({
  value: naira(f.total),
  today: naira(f.today),
  previousDay: naira(f.previousDay),
  todayHasSome: parseNairaString(f.today) > 0,
  changePercent: f.changePercent,
});

/** A payment that placed nothing is owed back: said beside the fees, never added to them. */
const refundsText = (r: { count: number; amount: string }) =>
  r.count
    ? `. Not counted: ${naira(r.amount)} owed back (${r.count} refund${r.count === 1 ? '' : 's'} due, listed under What the company owes)`
    : '';

/** The admin dashboard (spec 2.7) with real figures, each captioned with what it counts, and what the company owes. */
export function AdminDashboardPage() {
  const counts = useUserCounts();
  const amounts = useTransactionAmounts();
  return (
    <>
      <AdminPageTitle lead="Paid members and registration fees of both programmes, then what the company owes. Today is counted from midnight in Lagos.">
        Dashboard
      </AdminPageTitle>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <QueryState query={counts} label="the member counts">
          {(c) => (
            <>
              <StatWidget
                title="MAIN USERS"
                caption="Main members who have paid, all time; new paid members today"
                {...counted(c.main)}
              />
              <StatWidget
                title="WELCOME USERS"
                caption="Welcome Back participants who have paid, all time; new today"
                {...counted(c.welcomeBack)}
              />
            </>
          )}
        </QueryState>
        <QueryState query={amounts} label="the transaction totals">
          {(a) => (
            <>
              <StatWidget
                title="MAIN TRANSACTIONS"
                caption={`Main registration fees paid and placed, all time; fees paid today${refundsText(a.refundsDue.main)}`}
                {...summed(a.main)}
              />
              <StatWidget
                title="WELCOME TRANSACTIONS"
                caption={`Welcome Back registration fees paid and placed, all time; fees paid today${refundsText(a.refundsDue.welcomeBack)}`}
                {...summed(a.welcomeBack)}
              />
            </>
          )}
        </QueryState>
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <MailBacklog />
      </div>
      <div className="mt-6 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)]">
        <QueryState query={amounts} label="today's fees">
          {(a) => (
            <>
              <GaugeRing
                title="Main fees today"
                caption="Main registration fees paid since midnight (Lagos time)"
                value={naira(a.main.today)}
                {...salesGauge(a.main)}
              />
              <GaugeRing
                title="Welcome Back fees today"
                caption="Welcome Back registration fees paid since midnight (Lagos time)"
                value={naira(a.welcomeBack.today)}
                {...salesGauge(a.welcomeBack)}
              />
            </>
          )}
        </QueryState>
        <LatestTransactions />
      </div>
      <LiabilityView />
    </>
  );
}
