import type { ReactNode } from 'react';

/** One part of the member record: a titled card; `id` names it for the page's contents links and for tests. */
export function RecordSection({
  id,
  title,
  children,
  lead,
}: {
  id: string;
  title: string;
  children: ReactNode;
  lead?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      id={id}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid={`record-${id}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Label and value pairs. */
export function Facts({ rows }: { rows: readonly [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 py-1">
          <dt className="text-slate-600">{label}</dt>
          <dd
            className="min-w-0 text-right font-semibold [overflow-wrap:anywhere] text-slate-900"
            data-fact={label}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Nothing({ children }: { children: ReactNode }) {
  return <p className="text-slate-600">{children}</p>;
}

/** A list of rows that wrap on a phone: each row a title line and a detail line. */
export function RecordList<T>({
  items,
  render,
  testId,
}: {
  items: readonly T[];
  render: (item: T) => ReactNode;
  testId: string;
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item, i) => (
        <li key={i} className="py-2" data-testid={testId}>
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
