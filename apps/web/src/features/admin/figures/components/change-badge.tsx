/**
 * Today against the previous day, as the server computed it. When the previous day had nothing there is no
 * percentage to give, so the change is said in words.
 */
export function ChangeBadge({ percent, todayHasSome }: { percent: number | null; todayHasSome: boolean }) {
  if (percent === null)
    return (
      <span className="text-sm font-semibold text-slate-700">
        {todayHasSome ? 'Up from nothing yesterday' : 'Nothing today or yesterday'}
      </span>
    );
  const up = percent > 0;
  const flat = percent === 0;
  const tone = flat
    ? 'bg-slate-100 text-slate-700'
    : up
      ? 'bg-brand-100 text-brand-900'
      : 'bg-red-100 text-red-800';
  const arrow = flat ? '' : up ? '▲ ' : '▼ ';
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-sm font-semibold ${tone}`}>
      <span aria-hidden="true">{arrow}</span>
      {up ? '+' : ''}
      {percent}%<span className="sr-only"> against yesterday</span>
    </span>
  );
}
