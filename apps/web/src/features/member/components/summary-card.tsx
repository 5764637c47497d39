import type { ReactNode } from 'react';

/** A titled group of figures on the dashboard, under the spec's names ('Wallet Summary', 'Referral Summary', 'Status'). */
export function SummaryCard({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="text-lg font-bold text-brand-900">{title}</h2>
      <dl className={`mt-3 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 ${wide ? 'xl:grid-cols-3' : ''}`}>
        {children}
      </dl>
    </section>
  );
}

/** One figure; `note` says in a line what it is, so no figure on the dashboard is left unexplained. */
export function Figure({
  label,
  value,
  note,
  strong = false,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  strong?: boolean;
}) {
  return (
    <div className={`rounded-md p-3 ${strong ? 'bg-brand-800 text-white' : 'bg-slate-50'}`}>
      <dt className={`text-sm font-semibold ${strong ? 'text-brand-100' : 'text-slate-700'}`}>{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums" data-figure={label}>
        {value}
      </dd>
      {note && <dd className={`mt-1 text-sm ${strong ? 'text-brand-100' : 'text-slate-600'}`}>{note}</dd>}
    </div>
  );
}
