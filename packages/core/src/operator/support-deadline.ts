const DAY_MS = 86_400_000;

/** The terms promise an answer to a complaint within 14 days; the inbox warns 4 days before that. */
export const SUPPORT_PROMISE_DAYS = 14;
export const SUPPORT_WARNING_DAYS = 10;

export type SupportState = 'open' | 'answered' | 'closed';

export interface SupportAge {
  /** Whole days since the message arrived (or until it was answered or closed). */
  ageDays: number;
  /** Days left of the promise; negative once it is broken. Null once the message is answered or closed. */
  daysLeft: number | null;
  /** Still waiting and more than SUPPORT_WARNING_DAYS old: the inbox highlights it. */
  highlighted: boolean;
  /** Still waiting past the promise, or answered after it. */
  overdue: boolean;
}

/** How a message stands against the 14-day promise at `now`; an answered or closed message stops its clock. */
export function supportAge(
  message: { createdAt: Date; state: SupportState; settledAt: Date | null },
  now: Date,
): SupportAge {
  const waiting = message.state === 'open';
  const end = waiting || !message.settledAt ? now : message.settledAt;
  const ageDays = Math.max(0, Math.floor((end.getTime() - message.createdAt.getTime()) / DAY_MS));
  return {
    ageDays,
    daysLeft: waiting ? SUPPORT_PROMISE_DAYS - ageDays : null,
    highlighted: waiting && ageDays > SUPPORT_WARNING_DAYS,
    overdue: ageDays >= SUPPORT_PROMISE_DAYS && (waiting || message.state === 'answered'),
  };
}
