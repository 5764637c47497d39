const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Nigeria keeps West Africa Time (UTC+1) all year, with no daylight saving, so a fixed offset is exact. */
export const TIME_ZONE = 'Africa/Lagos';
const LAGOS_OFFSET_MS = HOUR_MS;

/** The start of today and of the previous day in Lagos, as instants: "today" for the admin is the company's day. */
export function dayWindows(now: Date) {
  const todayStart = Math.floor((now.getTime() + LAGOS_OFFSET_MS) / DAY_MS) * DAY_MS - LAGOS_OFFSET_MS;
  return { todayStart: new Date(todayStart), previousDayStart: new Date(todayStart - DAY_MS) };
}

/** Change of today against the previous day in percent (one decimal); null when the previous day had nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
