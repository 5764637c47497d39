/**
 * A bank a member can choose: Paystack's own bank code (a string: "00103", "035A", "50211") and name, from the
 * provider's GET /bank (paystack.com/docs/api/miscellaneous/#bank). There is no built-in list: a short one left
 * members of other banks unable to save their details (decision 0028).
 */
export interface Bank {
  readonly name: string;
  readonly code: string;
  /** False for a bank that can no longer receive transfers (kept so saved details still show a name). */
  readonly active: boolean;
}

const words = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1);

/**
 * Whether the name a member typed is the bank's name for the account. Banks order names differently
 * ("OKAFOR ADA CHIOMA" for "Ada Okafor"), so every word of the shorter name must appear in the longer one,
 * and at least two words must agree unless one name is a single word.
 */
export function accountNamesMatch(typed: string, resolved: string): boolean {
  const a = words(typed);
  const b = words(resolved);
  if (a.length === 0 || b.length === 0) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const pool = new Set(longer);
  return shorter.every((w) => pool.has(w)) && (shorter.length >= 2 || longer.length === 1);
}

/**
 * Misspellings in the provider's bank list, as members would read them. Paystack's GET /bank names one bank
 * "Petra Mircofinance Bank Plc"; the code still identifies the bank, so only the name shown is corrected.
 */
const MISSPELT_IN_BANK_NAMES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bMircofinance\b/g, 'Microfinance'],
];

/** The bank's name as a member should read it. */
export function bankNameAsShown(name: string): string {
  return MISSPELT_IN_BANK_NAMES.reduce((shown, [wrong, right]) => shown.replace(wrong, right), name);
}
