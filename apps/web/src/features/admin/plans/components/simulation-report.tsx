import { earningsBandNames, formatNaira, programmeName } from '@coop/core';
import type { PlanSimulationReportBody } from '@coop/core/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { downloadSimulationCsv } from './simulation-csv';
import { SimulationYear } from './simulation-year';
import { DraftAgainstInForce as Table } from '../../common/components/draft-against-in-force';

const SimulationCharts = lazy(() => import('./simulation-charts'));

type Version = PlanSimulationReportBody['draft'];
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

const both = (
  report: PlanSimulationReportBody,
  label: ReactNode,
  pick: (v: Version) => ReactNode,
): [ReactNode, ReactNode, ReactNode] => [label, pick(report.draft), pick(report.current)];

/**
 * A simulation's figures, the draft beside the plan in force: charts, the same figures in tables, and a CSV of them.
 * Standalone: any admin screen that has a report (the simulator, a draft's page) shows it with this.
 */
export function SimulationReport({
  report,
  fileName = 'plan-simulation.csv',
}: {
  report: PlanSimulationReportBody;
  fileName?: string;
}) {
  const kinds = [
    ...new Map([...report.draft.awardsByKind, ...report.current.awardsByKind].map((a) => [a.kind, a.label])),
  ];
  // A saved draft has no version number until it is published (0 here).
  const versionName = (v: Version) =>
    v.plans
      .map((p) => `${programmeName(p.programme)} ${p.version > 0 ? `v${p.version}` : 'draft'}`)
      .join(', ');
  return (
    <section aria-labelledby="simulation-report" className="space-y-4" data-testid="simulation-report">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="simulation-report" className="text-xl font-bold text-brand-900">
          Draft ({versionName(report.draft)}) against the plan in force ({versionName(report.current)})
        </h2>
        <button
          type="button"
          onClick={() => downloadSimulationCsv(report, fileName)}
          className="min-h-11 rounded-md border border-brand-800 px-4 font-semibold text-brand-900 hover:bg-brand-50"
        >
          Download CSV
        </button>
      </div>
      <Suspense fallback={<p className="text-slate-600">Loading the charts...</p>}>
        <SimulationCharts report={report} />
      </Suspense>
      <div className="grid gap-4 xl:grid-cols-2">
        <Table
          caption="Money over the whole simulation"
          rows={[
            both(report, 'Payments placed', (v) => v.totals.joins.toLocaleString('en-NG')),
            both(report, 'Fees in', (v) => formatNaira(v.totals.feesInKobo)),
            both(report, 'Cash bonuses credited', (v) => formatNaira(v.totals.bonusesAccruedKobo)),
            both(report, 'of which health fees deducted', (v) => formatNaira(v.totals.healthFeesKobo)),
            both(report, 'Paid out on payout days', (v) => formatNaira(v.totals.paidOutKobo)),
            both(report, 'Awards earned, at estimated cost', (v) => formatNaira(v.totals.awardsCostKobo)),
            both(report, 'Payout ratio (bonuses and awards over fees)', (v) => percent(v.totals.payoutRatio)),
            both(report, 'Owed and unpaid at the end', (v) => formatNaira(v.totals.owedUnpaidKobo)),
          ]}
        />
        <Table
          caption="Members' earnings (cash credited, against the fees they paid)"
          rows={[
            both(report, 'Members', (v) => v.earnings.members.toLocaleString('en-NG')),
            both(report, 'Cash received reaches their fee', (v) => percent(v.earnings.shareReachingFee)),
            both(report, 'Received nothing', (v) => percent(v.earnings.shareAtZero)),
            both(report, 'Median received', (v) => formatNaira(v.earnings.medianReceivedKobo)),
            both(report, '90th percentile received', (v) => formatNaira(v.earnings.p90ReceivedKobo)),
            both(report, 'Median after the fee', (v) => formatNaira(v.earnings.medianNetKobo)),
            ...report.current.earnings.bands.map((b, i) =>
              both(report, earningsBandNames[b.band], (v) => percent(v.earnings.bands[i]!.share)),
            ),
          ]}
        />
        <Table
          caption="Awards owed by kind, at estimated cost"
          rows={kinds.map(([kind, label]) =>
            both(report, label, (v) => {
              const award = v.awardsByKind.find((a) => a.kind === kind);
              return award ? `${award.count} · ${formatNaira(award.costKobo)}` : '0';
            }),
          )}
        />
        <Table
          caption="Positions per stage at the end"
          rows={report.current.stages.map((s, i) =>
            both(report, `${programmeName(s.programme)}: ${s.name}`, (v) =>
              v.stages[i]!.positions.toLocaleString('en-NG'),
            ),
          )}
        />
      </div>
      <SimulationYear report={report} />
      <Table
        caption="Month by month: if joins stopped after the month, what is owed and unpaid, and the cash held"
        rows={report.current.months.flatMap((m, i) => [
          both(
            report,
            `Month ${m.month}: fees in · bonuses · paid out`,
            (v) =>
              `${formatNaira(v.months[i]!.feesInKobo)} · ${formatNaira(v.months[i]!.bonusesAccruedKobo)} · ${formatNaira(v.months[i]!.paidOutKobo)}`,
          ),
          both(
            report,
            `Month ${m.month}: owed and unpaid · cash held`,
            (v) => `${formatNaira(v.months[i]!.owedUnpaidKobo)} · ${formatNaira(v.months[i]!.cashHeldKobo)}`,
          ),
        ])}
      />
    </section>
  );
}
