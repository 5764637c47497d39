/** The current month in Lagos (UTC+1 all year). */
export function currentPeriod(now: Date): string {
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 7);
}

/** A month not yet begun cannot be paid: its run would block the real one. */
export function isFuturePeriod(period: string, now: Date): boolean {
  return period > currentPeriod(now);
}
