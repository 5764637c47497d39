/** Today against the previous day, as the server computed it; null means the previous day had nothing to compare. */
export function ChangeBadge({ percent }: { percent: number | null }) {
  if (percent === null) return <span className="text-sm text-slate-600">no figure yesterday to compare</span>;
  const up = percent > 0;
  const flat = percent === 0;
  const tone = flat ? 'bg-slate-100 text-slate-700' : up ? 'bg-brand-100 text-brand-900' : 'bg-red-100 text-red-800';
  const arrow = flat ? '' : up ? '▲ ' : '▼ ';
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-sm font-semibold ${tone}`}>
      <span aria-hidden="true">{arrow}</span>
      {up ? '+' : ''}
      {percent}%<span className="sr-only"> against yesterday</span>
    </span>
  );
}
