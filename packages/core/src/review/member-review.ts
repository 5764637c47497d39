/**
 * The operator's review rules: why an account may be suspended (the terms name them), the fraud signals the
 * platform raises, and when an account counts as inactive. Pure data and arithmetic; the server applies them.
 */

export const suspensionReasons = [
  'breach_of_terms',
  'bank_details_unverifiable',
  'inactive_12_months',
  'unfair_use',
  'legal_request',
  'under_review',
] as const;
export type SuspensionReason = (typeof suspensionReasons)[number];

/** Said to the member at sign-in, completing "Your account is suspended because of ...". The admin's note stays internal. */
export const SUSPENSION_REASON_TEXT: Record<SuspensionReason, string> = {
  breach_of_terms: 'a breach of the terms and conditions',
  bank_details_unverifiable: 'bank details that could not be verified',
  inactive_12_months: '12 months without a sign-in or a payment',
  unfair_use: 'unfair use of the platform',
  legal_request: 'a legal request',
  under_review: 'a review of the account by our team',
};

/** Why an administrator may close an account: the terms' list ("under review" is a reason to suspend, not to close). */
export const closureReasons = [
  'inactive_12_months',
  'breach_of_terms',
  'bank_details_unverifiable',
  'unfair_use',
  'legal_request',
] as const;
export type ClosureReason = (typeof closureReasons)[number];

/**
 * Whether a closure for this reason keeps the wallet and the pending awards back. Unfair use and a legal request
 * put the money itself in question (it may have been gained unfairly, or be claimed by an authority), so it waits
 * for an administrator; after the other reasons the member keeps what they earned and is paid on the next run.
 */
export const CLOSURE_HOLDS_MONEY: Record<ClosureReason, boolean> = {
  inactive_12_months: false,
  breach_of_terms: false,
  bank_details_unverifiable: false,
  unfair_use: true,
  legal_request: true,
};

/** What happens to a closed account's money, in the words the administrator and the member read. */
export function closureMoneyText(reason: ClosureReason): string {
  return CLOSURE_HOLDS_MONEY[reason]
    ? 'The wallet balance and pending awards are held: they stay owed in the books but are not paid out or delivered while the account is closed for this reason.'
    : 'The wallet balance is paid to the saved bank account on the next monthly payout, and pending awards are still delivered as they fall due.';
}

export const fraudRules = [
  'sponsor_shares_bank_account',
  'sponsor_shares_phone',
  'sponsor_shares_device',
  'shared_bank_account',
  'signup_burst',
  'referral_ring',
  'payment_disputed',
  'chargeback_lost',
] as const;
export type FraudRule = (typeof fraudRules)[number];

export const FRAUD_RULE_TEXT: Record<FraudRule, string> = {
  sponsor_shares_bank_account: 'Same bank account number as the sponsor',
  sponsor_shares_phone: 'Same phone number as the sponsor',
  sponsor_shares_device: 'Signed up from the sponsor’s address and browser shortly after the sponsor',
  shared_bank_account: 'Bank account number shared with another account',
  signup_burst: 'One of many sign-ups from one address within an hour',
  referral_ring: 'Same bank account or phone as a member further up the referral chain',
  payment_disputed: 'A card payment of this member is disputed at Paystack',
  chargeback_lost:
    'A card payment of this member was taken back by a dispute (chargeback): review before paying out',
};

/**
 * Whether a signal holds the account's payouts until an administrator clears it. Money waits only where the same
 * person is likely on both sides of a bonus: a bank account or phone shared with the sponsor or further up the
 * chain, or one bank account on several members. A shared network address (many Nigerian mobile subscribers share
 * one public address; members sign up together at meetings and business centres) or the sponsor's address and
 * browser is a signal for the operator to look at, never a hold. An administrator may still hold any signal.
 */
export const FRAUD_RULE_HOLDS: Record<FraudRule, boolean> = {
  sponsor_shares_bank_account: true,
  sponsor_shares_phone: true,
  shared_bank_account: true,
  referral_ring: true,
  sponsor_shares_device: false,
  signup_burst: false,
  // A chargeback may take the member's fee back: nothing leaves the wallet until Paystack resolves it.
  payment_disputed: true,
  // The fee that bought the position was taken back: nothing leaves the wallet until an administrator has reviewed
  // the account (decision 0057).
  chargeback_lost: true,
};

export interface FraudThresholds {
  /** A referral signing up from the sponsor's address and browser within this many hours is a signal. */
  sameDeviceWithinHours: number;
  /** This many sign-ups from one address within `burstWithinMinutes` is a signal on each of them. */
  burstSignups: number;
  burstWithinMinutes: number;
  /** How far up the referral chain (beyond the sponsor) a shared bank account or phone counts as a ring. */
  ringLevels: number;
}

/**
 * The defaults of the signals' thresholds (each is a setting, see docs/operations.md). Ten sign-ups from one address
 * in an hour is more than a family or an office usually makes, and only raises a signal; a ring is looked for
 * three sponsors up, beyond which a shared number is more likely a coincidence than one person.
 */
export const FRAUD_THRESHOLDS: FraudThresholds = {
  sameDeviceWithinHours: 24,
  burstWithinMinutes: 60,
  burstSignups: 10,
  ringLevels: 3,
};

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
