/**
 * The banks of the bank-details forms (spec 3.4), each with its own Paystack bank code
 * (reference/paystack.md section 5; the earlier product sent "fcmb" for twenty of them). The live list comes
 * from the provider's GET /bank; this table is the fallback when the provider cannot be reached, and the
 * sandbox's seed data. Codes are strings: some have leading zeros ("00103").
 */
export interface Bank {
  readonly name: string;
  readonly code: string;
  /** False for a bank that can no longer receive transfers (kept so saved details still show a name). */
  readonly active: boolean;
}

export const BANKS: readonly Bank[] = [
  { name: 'Guaranty Trust Bank', code: '058', active: true },
  { name: 'First Bank of Nigeria', code: '011', active: true },
  { name: 'Fidelity Bank', code: '070', active: true },
  { name: 'Ecobank Nigeria', code: '050', active: true },
  { name: 'United Bank For Africa', code: '033', active: true },
  { name: 'Sterling Bank', code: '232', active: true },
  { name: 'First City Monument Bank', code: '214', active: true },
  { name: 'Zenith Bank', code: '057', active: true },
  { name: 'Providus Bank', code: '101', active: true },
  { name: 'Wema Bank', code: '035', active: true },
  { name: 'Access Bank', code: '044', active: true },
  { name: 'Union Bank of Nigeria', code: '032', active: true },
  { name: 'Citibank Nigeria', code: '023', active: true },
  // The CBN revoked Heritage Bank's licence on 3 June 2024: shown for old details, refused for new ones.
  { name: 'Heritage Bank', code: '030', active: false },
  { name: 'Keystone Bank', code: '082', active: true },
  // Paystack's code per one captured list (UNCONFIRMED in paystack.md); the live list wins when reachable.
  { name: 'Optimus Bank', code: '00107', active: true },
  { name: 'Polaris Bank', code: '076', active: true },
  { name: 'Stanbic IBTC Bank', code: '221', active: true },
  { name: 'Standard Chartered Bank', code: '068', active: true },
  { name: 'Titan Trust Bank', code: '102', active: true },
  { name: 'Unity Bank', code: '215', active: true },
  { name: 'Globus Bank', code: '00103', active: true },
  { name: 'Parallex Bank', code: '104', active: true },
  { name: 'PremiumTrust Bank', code: '105', active: true },
  { name: 'SunTrust Bank', code: '100', active: true },
  { name: 'Jaiz Bank', code: '301', active: true },
  { name: 'Lotus Bank', code: '303', active: true },
  { name: 'TAJ Bank', code: '302', active: true },
];

export function findBank(banks: readonly Bank[], code: string): Bank | undefined {
  return banks.find((bank) => bank.code === code);
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
