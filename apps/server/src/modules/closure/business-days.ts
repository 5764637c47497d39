/** The terms: a closure takes effect 7 business days after the member confirms it from the mail. */
export const CLOSURE_BUSINESS_DAYS = 7;

/**
 * `from` moved forward by `days` business days (Monday to Friday), keeping the time of day.
 * Public holidays are not counted out: the terms promise "within" 7 business days, so counting them as
 * working days only ever makes the closure earlier, never later than promised.
 */
export function addBusinessDays(from: Date, days: number): Date {
  const result = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + 1);
    const weekday = result.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return result;
}

export const closureEffectiveAt = (confirmedAt: Date) => addBusinessDays(confirmedAt, CLOSURE_BUSINESS_DAYS);
