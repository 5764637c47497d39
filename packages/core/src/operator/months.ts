const HOUR_MS = 3_600_000;

/** Nigeria keeps West Africa Time (UTC+1) all year: a company month starts at midnight in Lagos. */
const LAGOS_OFFSET_MS = HOUR_MS;

/** The month (YYYY-MM) an instant falls in, in Lagos. */
export function lagosMonth(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 7);
}

/** The last `count` months up to and including the one `now` is in, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const current = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const d = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() - back, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

/** The instant a Lagos month (YYYY-MM) begins. */
export function monthStart(month: string): Date {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1) - LAGOS_OFFSET_MS);
}
