/**
 * The deadlines of the Nigeria Data Protection Act 2023 the operator's registers show (decision 0030).
 *
 * A member's request (access, correction, erasure, objection, restriction, portability) is answered within one
 * month of its receipt. "One month" is counted as a calendar month: the same day of the next month, or that
 * month's last day when it has no such day (31 January -> 28 or 29 February), at the same time of day (UTC).
 */
export function requestAnswerDueAt(receivedAt: Date): Date {
  const due = new Date(receivedAt.getTime());
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due;
}

/** Section 40: the Commission is told within 72 hours of the controller becoming aware of the breach. */
export const BREACH_NOTICE_HOURS = 72;

export function breachCommissionDeadline(foundAt: Date): Date {
  return new Date(foundAt.getTime() + BREACH_NOTICE_HOURS * 3_600_000);
}

/** Hours and minutes left before a deadline (negative once passed), for the register's "time left". */
export function timeLeft(deadline: Date, now: Date): { overdue: boolean; hours: number; minutes: number } {
  const ms = deadline.getTime() - now.getTime();
  const total = Math.floor(Math.abs(ms) / 60_000);
  return { overdue: ms < 0, hours: Math.floor(total / 60), minutes: total % 60 };
}
