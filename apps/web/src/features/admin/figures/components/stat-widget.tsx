import type { ReactNode } from 'react';
import { ChangeBadge } from './change-badge';

interface Props {
  title: string;
  /** What the figure counts and over which period, in plain words. */
  caption: string;
  /** The all-time figure. */
  value: ReactNode;
  today: ReactNode;
  previousDay: ReactNode;
  todayHasSome: boolean;
  changePercent: number | null;
}

/** One dashboard widget (MAIN USERS, ...): the all-time total, and today against the previous day (Lagos days). */
export function StatWidget({
  title,
  caption,
  value,
  today,
  previousDay,
  todayHasSome,
  changePercent,
}: Props) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-widget={title}
    >
      <h2 className="text-xs font-bold tracking-wider text-slate-600 uppercase">{title}</h2>
      <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums" data-testid="widget-value">
        {value}
      </p>
      <p className="text-sm text-slate-600" data-testid="widget-caption">
        {caption}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
        <ChangeBadge percent={changePercent} todayHasSome={todayHasSome} />
        <span className="text-sm text-slate-600">
          today {today} · yesterday {previousDay}
        </span>
      </div>
    </section>
  );
}
