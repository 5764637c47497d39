import type { EarningsBand } from '@coop/core';
import type { PlanSimulationReportBody } from '@coop/core/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { legendWords } from '../../../../components/display/chart-legend';

const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });
const nairaTick = (v: number) => `₦${compact.format(v)}`;
const nairaTip = (v: unknown) => `₦${Number(v).toLocaleString('en-NG')}`;
const DRAFT = 'var(--color-amber-500)';
// Short enough for a phone's axis; the table beside the chart names each band in full.
const bandTicks: Record<EarningsBand, string> = {
  nothing: '₦0',
  below_fee: '< fee',
  one_to_two_fees: '1–2 fees',
  two_to_five_fees: '2–5 fees',
  over_five_fees: '> 5 fees',
};
const CURRENT = 'var(--color-brand-700)';

type YearMonth = NonNullable<PlanSimulationReportBody['current']['year']>['months'][number];
/** One version's year series for a month, in naira, keyed by the version ('Current' or 'Draft'). */
const yearPoints = (version: 'Current' | 'Draft', m: YearMonth | undefined) =>
  m
    ? {
        [`awards${version}`]: m.awardsDeliveredKobo / 100,
        [`cashOuts${version}`]: m.cashOutsKobo / 100,
        [`grants${version}`]: m.grantsKobo / 100,
        [`suspended${version}`]: m.heldForSuspensionsKobo / 100,
      }
    : {};

function Chart({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <figcaption className="mb-2 font-semibold text-slate-900">{title}</figcaption>
      <div className="h-64 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/**
 * The draft and the plan in force as charts (recharts, loaded only with this module). The same figures are in the
 * tables beside them, for screen readers and exact amounts: so each chart is hidden from them and takes no keyboard
 * focus (recharts' accessibility layer off; axe's aria-hidden-focus).
 */
export default function SimulationCharts({ report }: { report: PlanSimulationReportBody }) {
  const months = report.current.months.map((m, i) => {
    const d = report.draft.months[i]!;
    return {
      month: `M${m.month}`,
      feesIn: m.feesInKobo / 100,
      bonusesCurrent: m.bonusesAccruedKobo / 100,
      bonusesDraft: d.bonusesAccruedKobo / 100,
      paidCurrent: m.paidOutKobo / 100,
      paidDraft: d.paidOutKobo / 100,
      owedCurrent: m.owedUnpaidKobo / 100,
      owedDraft: d.owedUnpaidKobo / 100,
      heldCurrent: m.cashHeldKobo / 100,
      heldDraft: d.cashHeldKobo / 100,
      ...yearPoints('Current', report.current.year?.months[i]),
      ...yearPoints('Draft', report.draft.year?.months[i]),
    };
  });
  const hasYear = Boolean(report.current.year && report.draft.year);
  const bands = report.current.earnings.bands.map((b, i) => ({
    band: bandTicks[b.band],
    current: Math.round(b.share * 1000) / 10,
    draft: Math.round(report.draft.earnings.bands[i]!.share * 1000) / 10,
  }));
  const line = (key: string, name: string, colour: string, dashed = false) => (
    <Line
      key={key}
      type="monotone"
      dataKey={key}
      name={name}
      stroke={colour}
      strokeWidth={2}
      dot={false}
      strokeDasharray={dashed ? '5 4' : undefined}
      isAnimationActive={false}
    />
  );
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="month" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
      <YAxis tickFormatter={nairaTick} tick={{ fontSize: 12 }} width={60} />
      <Tooltip formatter={nairaTip} />
      <Legend formatter={legendWords} />
    </>
  );
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Chart title="Fees in and cash bonuses per month">
        <LineChart data={months} accessibilityLayer={false}>
          {axes}
          {line('feesIn', 'Fees in (both)', 'var(--color-slate-500)')}
          {line('bonusesDraft', 'Bonuses, draft', DRAFT)}
          {line('bonusesCurrent', 'Bonuses, in force', CURRENT)}
          {line('paidDraft', 'Paid out, draft', DRAFT, true)}
          {line('paidCurrent', 'Paid out, in force', CURRENT, true)}
        </LineChart>
      </Chart>
      <Chart title="If joins stopped after the month: owed and unpaid, and cash held">
        <LineChart data={months} accessibilityLayer={false}>
          {axes}
          {line('owedDraft', 'Owed, draft', DRAFT)}
          {line('owedCurrent', 'Owed, in force', CURRENT)}
          {line('heldDraft', 'Cash held, draft', DRAFT, true)}
          {line('heldCurrent', 'Cash held, in force', CURRENT, true)}
        </LineChart>
      </Chart>
      {hasYear && (
        <Chart title="The year: awards handed over and cash-outs per month">
          <LineChart data={months} accessibilityLayer={false}>
            {axes}
            {line('awardsDraft', 'Awards handed over, draft', DRAFT)}
            {line('awardsCurrent', 'Awards handed over, in force', CURRENT)}
            {line('cashOutsDraft', 'Cash-outs, draft', DRAFT, true)}
            {line('cashOutsCurrent', 'Cash-outs, in force', CURRENT, true)}
          </LineChart>
        </Chart>
      )}
      {hasYear && (
        <Chart title="The year: grants approved and wallets held for suspensions per month">
          <LineChart data={months} accessibilityLayer={false}>
            {axes}
            {line('grantsDraft', 'Grants, draft', DRAFT)}
            {line('grantsCurrent', 'Grants, in force', CURRENT)}
            {line('suspendedDraft', 'Held, draft', DRAFT, true)}
            {line('suspendedCurrent', 'Held, in force', CURRENT, true)}
          </LineChart>
        </Chart>
      )}
      <Chart title="Members by cash received, in fees paid (% of members)">
        <BarChart data={bands} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="band" tick={{ fontSize: 11 }} interval={0} />
          <YAxis tickFormatter={(v: number) => `${v}%`} tick={{ fontSize: 12 }} width={40} />
          <Tooltip formatter={(v) => `${String(v)}%`} />
          <Legend formatter={legendWords} />
          <Bar dataKey="draft" name="Draft" fill={DRAFT} isAnimationActive={false} />
          <Bar dataKey="current" name="In force" fill={CURRENT} isAnimationActive={false} />
        </BarChart>
      </Chart>
    </div>
  );
}
