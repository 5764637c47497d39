import type { ContactMessage } from '../../common/types';

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** The message's age against the terms' 14-day promise, in words; amber past 10 days, red once broken. */
export function MessageAge({ message: m }: { message: ContactMessage }) {
  let text: string;
  if (m.state !== 'open')
    text = `${m.state === 'answered' ? 'Answered' : 'Closed'} after ${days(m.ageDays)}${m.overdue ? ', later than the 14-day promise' : ''}`;
  else if (m.daysLeft !== null && m.daysLeft < 0)
    text = `Waiting ${days(m.ageDays)}: the 14-day promise was broken ${days(-m.daysLeft)} ago`;
  else if (m.daysLeft === 0) text = `Waiting ${days(m.ageDays)}: the 14-day promise ends today`;
  else text = `Waiting ${days(m.ageDays)}: ${days(m.daysLeft ?? 0)} left of the 14-day promise`;
  const tone =
    m.overdue && m.state === 'open'
      ? 'bg-red-100 text-red-800'
      : m.highlighted
        ? 'bg-amber-100 text-amber-900'
        : 'bg-slate-100 text-slate-700';
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${tone}`}
      data-testid="message-age"
    >
      {text}
    </span>
  );
}
