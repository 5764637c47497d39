/**
 * An instant as Lagos reads it, with its offset: 2026-11-26T13:05:09+01:00. Nigeria keeps West Africa Time
 * (UTC+1) all year, so the offset is fixed. Used in CSV files, which people read beside bank statements.
 */
export function lagosTime(at: Date): string {
  return `${new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19)}+01:00`;
}

const lagosReading = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a person in Lagos reads it in a sentence: 30 Nov 2026, 12:57 (the screens' own format). */
export function lagosDateTime(at: Date): string {
  return lagosReading.format(at);
}
