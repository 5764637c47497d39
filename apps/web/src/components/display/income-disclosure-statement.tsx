import { formatNaira, programmeName } from '@coop/core';
import type { IncomeDisclosure } from '@coop/core/contracts';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/**
 * An income disclosure statement as members and administrators read it: how many members who paid in the year
 * received how much cash, against the fee they paid; then the averages and the awards delivered.
 */
export function IncomeDisclosureStatement({
  statement: d,
  headingLevel = 'h2',
}: {
  statement: IncomeDisclosure;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <section
      aria-label={`${programmeName(d.programme)} ${d.year}`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="income-disclosure"
    >
      <Heading className="text-xl font-bold text-brand-900">
        {programmeName(d.programme)} platform, {d.year}
      </Heading>
      <p className="text-slate-700">
        {d.members.toLocaleString('en-NG')} member{d.members === 1 ? '' : 's'} paid a registration fee in{' '}
        {d.year} ({formatNaira(d.feesPaidKobo)} in all). Together they received {formatNaira(d.receivedKobo)}{' '}
        in cash bonuses in the year, after the health fee. Cash is what was credited to their wallets; awards
        are listed apart.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="text-left font-semibold text-slate-900">
            Members by cash received, against the fee they paid
          </caption>
          <thead className="text-slate-600">
            <tr>
              <th className="py-1.5 pr-3">Cash received</th>
              <th className="py-1.5 pr-3 text-right">Members</th>
              <th className="py-1.5 text-right">Share</th>
            </tr>
          </thead>
          <tbody>
            {d.bands.map((b) => (
              <tr key={b.band} className="border-t border-slate-100">
                <th scope="row" className="py-1.5 pr-3 font-normal">
                  {b.label}
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">{b.members.toLocaleString('en-NG')}</td>
                <td className="py-1.5 text-right tabular-nums">{percent(b.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {[
          ['Median cash received', formatNaira(d.medianReceivedKobo)],
          ['Mean cash received', formatNaira(d.meanReceivedKobo)],
          ['Median after the fee', formatNaira(d.medianNetKobo)],
          ['Mean after the fee', formatNaira(d.meanNetKobo)],
          ['Received nothing', percent(d.shareAtZero)],
          ['Received at least their fee', percent(d.shareReachingFee)],
        ].map(([term, value]) => (
          <div key={term} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-700">{term}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="font-semibold text-slate-900">Awards delivered in {d.year}</p>
        {d.awardsDelivered.length === 0 ? (
          <p className="text-sm text-slate-600">None.</p>
        ) : (
          <ul className="mt-1 list-disc pl-5 text-sm">
            {d.awardsDelivered.map((a) => (
              <li key={a.kind}>
                {a.label}: {a.count} ({formatNaira(a.valueKobo)} as valued in the plan)
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
