/** This month in Lagos (UTC+1 all year) as YYYY-MM: the month a payout run pays by default. */
export function currentPeriod(now = new Date()): string {
  return new Date(now.getTime() + 3_600_000).toISOString().slice(0, 7);
}
