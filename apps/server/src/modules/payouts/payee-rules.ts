/** Why a wallet with money in it is left out of a month's payout. */
export type SkipReason =
  | 'no_bank_details'
  | 'bank_details_unverified'
  | 'below_minimum'
  | 'account_suspended'
  | 'earlier_payout_failed'
  | 'wallet_empty'
  | 'fraud_flag_open'
  | 'dispute_open'
  | 'closed_money_held'
  | 'wallet_changed'
  | 'bank_details_changed'
  | 'bank_details_new';

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  no_bank_details: 'No bank details saved',
  bank_details_unverified: 'Bank details not verified with the bank',
  below_minimum: 'Wallet below the payout minimum',
  account_suspended: 'Account suspended',
  earlier_payout_failed:
    "A payout of an earlier month failed: retry it in that month's run (or release it) before paying a later month",
  wallet_empty: 'The wallet no longer holds the money the failed payout returned',
  fraud_flag_open: 'Fraud signal waiting for an administrator’s review',
  dispute_open: 'A card payment of this member is disputed at Paystack: paid once Paystack resolves it',
  closed_money_held: 'Account closed by an administrator for a reason that holds its money',
  wallet_changed: 'The wallet changed since the approved preview: paid next month, or in a new request',
  bank_details_changed:
    'The bank details changed since the approved preview: a second administrator must approve the new details',
  bank_details_new:
    'Bank details saved after the run was approved, or very recently: a second administrator must approve paying them',
};

export interface PayeeFacts {
  balanceKobo: number;
  accountStatus: 'active' | 'suspended' | 'closed';
  bank: { verified: boolean } | null;
  /** A failed or reversed payout of this member waits in a run for a retry or a release. */
  earlierPayoutFailed: boolean;
  /** An uncleared fraud signal on the account: its payouts wait until an administrator clears it. */
  flagged?: boolean;
  /** The open flag is a payment dispute (rule payment_disputed): the same hold, told in its own words. */
  disputed?: boolean;
  /** Closed by an administrator for unfair use or a legal request: the money waits for an administrator. */
  closedHeld?: boolean;
}

/**
 * Whether a wallet is paid this month. A closed account is still paid what it earned; a suspended one waits
 * until the suspension is decided. The whole balance is paid, so the amount is the balance.
 */
export function decidePayee(
  facts: PayeeFacts,
  minimumKobo: number,
): { pay: true; amountKobo: number } | { pay: false; reason: SkipReason } {
  if (facts.accountStatus === 'suspended') return { pay: false, reason: 'account_suspended' };
  if (facts.closedHeld) return { pay: false, reason: 'closed_money_held' };
  if (facts.disputed) return { pay: false, reason: 'dispute_open' };
  if (facts.flagged) return { pay: false, reason: 'fraud_flag_open' };
  // The failed month is paid in its own run (a retry), so its money is not booked under a later month.
  if (facts.earlierPayoutFailed) return { pay: false, reason: 'earlier_payout_failed' };
  if (!facts.bank) return { pay: false, reason: 'no_bank_details' };
  if (!facts.bank.verified) return { pay: false, reason: 'bank_details_unverified' };
  if (facts.balanceKobo <= 0 || facts.balanceKobo < minimumKobo)
    return { pay: false, reason: 'below_minimum' };
  return { pay: true, amountKobo: facts.balanceKobo };
}
