/**
 * The operator's review rules: why an account may be suspended (the terms name them), the fraud signals the
 * platform raises, and when an account counts as inactive. Pure data and arithmetic; the server applies them.
 */

export const suspensionReasons = ['breach_of_terms', 'bank_details_unverifiable', 'inactive_12_months', 'under_review'] as const;
export type SuspensionReason = (typeof suspensionReasons)[number];

/** Said to the member at sign-in, completing "Your account is suspended because of ...". The admin's note stays internal. */
export const SUSPENSION_REASON_TEXT: Record<SuspensionReason, string> = {
  breach_of_terms: 'a breach of the terms and conditions',
  bank_details_unverifiable: 'bank details that could not be verified',
  inactive_12_months: '12 months without a sign-in or a payment',
  under_review: 'a review of the account by our team',
};

export const fraudRules = ['sponsor_shares_bank_account', 'sponsor_shares_phone', 'sponsor_shares_device', 'shared_bank_account', 'signup_burst'] as const;
export type FraudRule = (typeof fraudRules)[number];

export const FRAUD_RULE_TEXT: Record<FraudRule, string> = {
  sponsor_shares_bank_account: 'Same bank account number as the sponsor',
  sponsor_shares_phone: 'Same phone number as the sponsor',
  sponsor_shares_device: 'Signed up from the sponsor’s address and browser shortly after the sponsor',
  shared_bank_account: 'Bank account number shared with another account',
  signup_burst: 'One of many sign-ups from one address within an hour',
};

/**
 * Thresholds of the signals. A referral signing up from the sponsor's own address and browser within a day is
 * most likely the sponsor; five sign-ups from one address in an hour is more than a family or an office sharing
 * a connection usually makes. Both only raise a flag for a person to look at; nothing is refused.
 */
export const FRAUD_THRESHOLDS = {
  sameDeviceWithinHours: 24,
  burstWithinMinutes: 60,
  burstSignups: 5,
} as const;

/** The terms: 12 months with no sign-in and no payment. */
export const INACTIVITY_MONTHS = 12;

/** The moment before which an account's last sign-in and last payment must both lie for it to count as inactive. */
export function inactivityCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - INACTIVITY_MONTHS);
  return cutoff;
}

/** Phone numbers compared by their last ten digits, so 0803..., +234803... and 234803... are one number. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/** What an operator sees of a bank account number: the last four digits only. */
export function maskAccountNumber(last4: string): string {
  return `******${last4}`;
}
