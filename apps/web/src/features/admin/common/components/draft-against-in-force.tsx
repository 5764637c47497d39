import type { ReactNode } from 'react';

/**
 * A plan draft's figures against the version in force, one row per figure: the simulator's report and the plan
 * approval card (decision 0061) show them alike.
 */
export function DraftAgainstInForce({
  caption,
  rows,
}: {
  caption: string;
  rows: [label: ReactNode, draft: ReactNode, current: ReactNode][];
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="px-3 pt-3 text-left font-semibold text-slate-900">{caption}</caption>
        <thead className="text-slate-600">
          <tr>
            <th className="px-3 py-2">Figure</th>
            <th className="px-3 py-2 text-right">Draft</th>
            <th className="px-3 py-2 text-right">In force</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, draft, current], i) => (
            <tr key={i} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-1.5 font-normal text-slate-800">
                {label}
              </th>
              <td className="px-2 py-1.5 text-right tabular-nums">{draft}</td>
              <td className="px-2 py-1.5 text-right tabular-nums">{current}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
