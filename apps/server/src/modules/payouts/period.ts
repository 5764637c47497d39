import { z } from 'zod';

/** A month as YYYY-MM, the unit a payout run pays. */
export const periodField = z
  .string({ message: 'Choose the month to pay, as YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose the month to pay, as YYYY-MM');

/** The current month in Lagos (UTC+1 all year). */
export function currentPeriod(now: Date): string {
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 7);
}

/** A month not yet begun cannot be paid: its run would block the real one. */
export function isFuturePeriod(period: string, now: Date): boolean {
  return period > currentPeriod(now);
}
