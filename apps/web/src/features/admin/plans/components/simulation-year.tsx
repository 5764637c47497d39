import { formatNaira } from '@coop/core';
import type { PlanSimulationReportBody } from '@coop/core/contracts';
import { DraftAgainstInForce } from '../../common/components/draft-against-in-force';

type Version = PlanSimulationReportBody['draft'];
type Year = NonNullable<Version['year']>;
type Sums = Omit<Year['months'][number], 'month'>;

const count = (n: number) => n.toLocaleString('en-NG');

/** The month-by-month columns, in the order the table shows them. */
const columns: { head: string; cell: (m: Sums) => string }[] = [
  {
    head: 'Awards handed over',
    cell: (m) => `${count(m.awardsDelivered)} · ${formatNaira(m.awardsDeliveredKobo)}`,
  },
  {
    head: 'Grants applied · approved',
    cell: (m) => `${count(m.grantApplications)} · ${count(m.grantsApproved)} · ${formatNaira(m.grantsKobo)}`,
  },
  { head: 'Cash-outs', cell: (m) => `${count(m.cashOuts)} · ${formatNaira(m.cashOutsKobo)}` },
  { head: 'Held for suspensions', cell: (m) => formatNaira(m.heldForSuspensionsKobo) },
  { head: 'Not earned while suspended', cell: (m) => formatNaira(m.forgoneKobo) },
  { head: 'Going out in all', cell: (m) => formatNaira(m.cashOutflowKobo) },
];

function VersionYear({
  title,
  year,
  recruiting,
  suspended,
}: {
  title: string;
  year: Year;
  recruiting?: readonly number[];
  suspended?: readonly number[];
}) {
  return (
    // Wider than a phone: the region scrolls, and takes the keyboard's focus so it can be scrolled without a mouse.
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-700"
      role="region"
      aria-label={title}
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className="px-3 pt-3 text-left font-semibold text-slate-900">{title}</caption>
        <thead className="text-slate-600">
          <tr>
            <th className="px-3 py-2">Month</th>
            {columns.map((c) => (
              <th key={c.head} className="px-3 py-2 text-right">
                {c.head}
              </th>
            ))}
            {recruiting && <th className="px-3 py-2 text-right">Still bringing people</th>}
            {suspended && <th className="px-3 py-2 text-right">Suspended</th>}
          </tr>
        </thead>
        <tbody>
          {year.months.map((m, i) => (
            <tr key={m.month} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap text-slate-800">
                Month {m.month}
              </th>
              {columns.map((c) => (
                <td key={c.head} className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
                  {c.cell(m)}
                </td>
              ))}
              {recruiting && (
                <td className="px-3 py-1.5 text-right tabular-nums">{count(recruiting[i] ?? 0)}</td>
              )}
              {suspended && (
                <td className="px-3 py-1.5 text-right tabular-nums">{count(suspended[i] ?? 0)}</td>
              )}
            </tr>
          ))}
          {year.years.map((y) => (
            <tr key={`year-${y.year}`} className="border-t-2 border-slate-300 font-semibold">
              <th scope="row" className="px-3 py-1.5 whitespace-nowrap text-slate-900">
                Year {y.year}
                {y.months < 12 ? ` (${y.months} months)` : ''}
              </th>
              {columns.map((c) => (
                <td key={c.head} className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
                  {c.cell(y)}
                </td>
              ))}
              {recruiting && <td />}
              {suspended && <td />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The year beyond joins (decision 0063): awards handed over at cost, grants, cash-outs, what suspensions hold, month
 * by month and by year, for each version; the year's totals beside each other. A report stored before the year was
 * simulated has none: nothing is shown.
 */
export function SimulationYear({ report }: { report: PlanSimulationReportBody }) {
  const draft = report.draft.year;
  const current = report.current.year;
  if (!draft || !current) return null;
  const rows: [string, (y: Year) => string][] = [
    ['Awards handed over, at cost', (y) => formatNaira(y.totals.awardsDeliveredKobo)],
    ['Awards still owed at the end, at cost', (y) => formatNaira(y.totals.awardsOwedKobo)],
    ['Grant applications', (y) => count(y.totals.grantApplications)],
    ['Grants approved', (y) => `${count(y.totals.grantsApproved)} · ${formatNaira(y.totals.grantsKobo)}`],
    ['Cash-outs', (y) => `${count(y.totals.cashOuts)} · ${formatNaira(y.totals.cashOutsKobo)}`],
    ['Held on payout days for suspensions', (y) => formatNaira(y.totals.heldForSuspensionsKobo)],
    ['Not earned while suspended', (y) => formatNaira(y.totals.forgoneKobo)],
    ['In members’ wallets at the end', (y) => formatNaira(y.totals.walletsAtEndKobo)],
    ['Going out in all (payouts, cash-outs, awards)', (y) => formatNaira(y.totals.cashOutflowKobo)],
    ['Cost ratio with grants (over fees)', (y) => `${(y.totals.costRatio * 100).toFixed(1)}%`],
  ];
  return (
    <section aria-labelledby="simulation-year" className="space-y-4" data-testid="simulation-year">
      <h3 id="simulation-year" className="text-lg font-bold text-brand-900">
        The year beyond joins: awards, grants, cash-outs and suspensions
      </h3>
      <DraftAgainstInForce
        caption="Over the whole simulation (count · amount)"
        rows={rows.map(([label, pick]) => [label, pick(draft), pick(current)])}
      />
      <VersionYear
        title="Draft, month by month and by year (count · amount)"
        year={draft}
        recruiting={report.recruitingPerMonth}
        suspended={report.suspendedPerMonth}
      />
      <VersionYear title="Plan in force, month by month and by year (count · amount)" year={current} />
    </section>
  );
}
