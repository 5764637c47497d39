/**
 * An instant as Lagos reads it, with its offset: 2026-11-26T13:05:09+01:00. Nigeria keeps West Africa Time
 * (UTC+1) all year, so the offset is fixed. Used in CSV files, which people read beside bank statements.
 */
export function lagosTime(at: Date): string {
  return `${new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19)}+01:00`;
}
