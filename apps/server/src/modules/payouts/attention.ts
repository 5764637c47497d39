import type { PayoutStatus } from './transfer-outcome';

export interface PayoutAttention {
  /** What the bank said, in words an administrator can pass on. */
  reason: string;
  /** What to do so that the member is paid in this run. */
  action: string;
  /** Whether the run's Retry would send this payout again now (the member's bank details are confirmed). */
  retryable: boolean;
}

/**
 * Why a payout of a run was not paid and what to do about it; null for a payout that needs nothing.
 * The provider's own words are kept; its bare "Transfer failed" is said the way a member can act on.
 */
export function payoutAttention(input: {
  status: PayoutStatus;
  failureReason: string | null;
  bank: { verified: boolean; changedSinceFailure: boolean } | null;
}): PayoutAttention | null {
  if (input.status !== 'failed' && input.status !== 'reversed') return null;
  const said = input.failureReason && !/^Transfer (failed|reversed)$/.test(input.failureReason) ? `${input.failureReason}: ` : '';
  const reason =
    input.status === 'reversed'
      ? `${said}the bank returned the money; the amount is back in the member's wallet`
      : `${said}the bank did not pay this account; the amount is back in the member's wallet`;
  if (!input.bank)
    return { reason, action: 'The member has no bank details now: ask them to add their bank details, then retry.', retryable: false };
  if (!input.bank.verified)
    return {
      reason,
      action: 'Bank details could not be confirmed: ask the member to correct them; retry once they are confirmed.',
      retryable: false,
    };
  if (input.bank.changedSinceFailure)
    return { reason, action: 'The member has corrected the bank details since: retry to pay them.', retryable: true };
  return {
    reason,
    action:
      'Bank details could not be confirmed by the bank: ask the member to correct them, then retry (or retry at once if the bank said its trouble was passing). Release it if it will not be paid.',
    retryable: true,
  };
}
