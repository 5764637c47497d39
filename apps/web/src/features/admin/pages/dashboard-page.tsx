import { QueryState } from '../../../components/display/query-state';
import { naira } from '../../../components/display/format';
import { useTransactionAmounts } from '../api/get-transaction-amounts';
import { useUserCounts } from '../api/get-user-counts';
import { AdminPageTitle } from '../components/admin-page-title';
import { GaugeRing } from '../components/gauge-ring';
import { LatestTransactions } from '../components/latest-transactions';
import { StatWidget } from '../components/stat-widget';
import { salesGauge } from '../sales-gauge';

/** The admin dashboard (spec 2.7) with real figures: paid members, fees, today's sales and the latest payments. */
export function AdminDashboardPage() {
  const counts = useUserCounts();
  const amounts = useTransactionAmounts();
  return (
    <>
      <AdminPageTitle lead="Paid members and registration fees of both programmes. Today is counted from midnight in Lagos.">Dashboard</AdminPageTitle>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <QueryState query={counts} label="the member counts">
          {(c) => (
            <>
              <StatWidget title="MAIN USERS" value={c.main.total} today={c.main.today} previousDay={c.main.previousDay} changePercent={c.main.changePercent} />
              <StatWidget title="WELCOME USERS" value={c.welcomeBack.total} today={c.welcomeBack.today} previousDay={c.welcomeBack.previousDay} changePercent={c.welcomeBack.changePercent} />
            </>
          )}
        </QueryState>
        <QueryState query={amounts} label="the transaction totals">
          {(a) => (
            <>
              <StatWidget title="MAIN TRANSACTIONS" value={naira(a.main.total)} today={naira(a.main.today)} previousDay={naira(a.main.previousDay)} changePercent={a.main.changePercent} />
              <StatWidget
                title="WELCOME TRANSACTIONS"
                value={naira(a.welcomeBack.total)}
                today={naira(a.welcomeBack.today)}
                previousDay={naira(a.welcomeBack.previousDay)}
                changePercent={a.welcomeBack.changePercent}
              />
            </>
          )}
        </QueryState>
      </div>
      <div className="mt-6 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)]">
        <QueryState query={amounts} label="today's sales">
          {(a) => (
            <>
              <GaugeRing title="Main Balance" caption="Total sales made today" value={naira(a.main.today)} {...salesGauge(a.main)} />
              <GaugeRing title="Welcome Balance" caption="Total sales made today" value={naira(a.welcomeBack.today)} {...salesGauge(a.welcomeBack)} />
            </>
          )}
        </QueryState>
        <LatestTransactions />
      </div>
    </>
  );
}
