/** Money is integer kobo (1 naira = 100 kobo) as safe integers; naira strings exist only at the edges. */

export function assertKobo(kobo: number): number {
  if (!Number.isSafeInteger(kobo)) throw new RangeError(`Not a whole number of kobo: ${kobo}`);
  return kobo;
}

/** Whole naira to kobo (plan tables are written in naira, as the spec gives them). */
export function nairaToKobo(naira: number): number {
  return assertKobo(Math.round(naira * 100));
}

/** The API's money format: a decimal naira string such as "50000.00". */
export function toNairaString(kobo: number): string {
  assertKobo(kobo);
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses the API's naira string back to kobo; refuses more than 2 decimals. */
export function parseNairaString(value: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new RangeError(`Not a naira amount: ${value}`);
  const kobo = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return assertKobo(m[1] ? -kobo : kobo);
}

const wholeNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const nairaAndKobo = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** For people: "₦50,000" or, when there are kobo, always two digits: "₦1,250.50". */
export function formatNaira(kobo: number): string {
  return (assertKobo(kobo) % 100 === 0 ? wholeNaira : nairaAndKobo).format(kobo / 100);
}
