import { parseNairaString } from '@coop/core';
import type { LiabilityHistory } from '@coop/core/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { naira } from '../../../../components/display/format';
import { legendWords } from '../../../../components/display/chart-legend';

const monthName = new Intl.DateTimeFormat('en-NG', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const label = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
const compact = new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 });

const series = [
  { key: 'feesIn', name: 'Fees in', colour: 'var(--color-brand-700)' },
  { key: 'bonusesCredited', name: 'Bonuses credited', colour: 'var(--color-amber-500)' },
  { key: 'paidOut', name: 'Paid out', colour: 'var(--color-sky-600)' },
] as const;

/**
 * The last twelve months as bars (recharts, loaded only here: this module is its own lazy chunk of the admin
 * area). The same figures are in the table under it, for screen readers and exact amounts.
 */
export default function LiabilityChart({ history }: { history: LiabilityHistory }) {
  const data = history.months.map((m) => ({
    month: label(m.month),
    feesIn: parseNairaString(m.feesIn) / 100,
    bonusesCredited: parseNairaString(m.bonusesCredited) / 100,
    paidOut: parseNairaString(m.paidOut) / 100,
  }));
  return (
    <figure>
      <div className="h-72 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {/* No keyboard layer: the chart is hidden from screen readers (the table below says the same), and a
                focusable chart inside aria-hidden is a stop that announces nothing (axe's aria-hidden-focus). */}
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
            <YAxis
              tickFormatter={(v: number) => `₦${compact.format(v)}`}
              tick={{ fontSize: 12 }}
              width={56}
            />
            <Tooltip formatter={(v) => `₦${Number(v).toLocaleString('en-NG')}`} />
            {/* The words in the page's text colour, the swatches in the series' colours (axe's color-contrast). */}
            <Legend formatter={legendWords} />
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        Fees in, bonuses credited and paid out per month, the last twelve months
      </figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-900">The figures as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left">
            <thead className="text-slate-600">
              <tr>
                <th className="py-1 pr-3">Month</th>
                {series.map((s) => (
                  <th key={s.key} className="py-1 pr-3 text-right">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {history.months.map((m) => (
                <tr key={m.month} className="border-t border-slate-100">
                  <td className="py-1 pr-3">{label(m.month)}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{naira(m.feesIn)}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{naira(m.bonusesCredited)}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{naira(m.paidOut)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
