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
 * It quotes what the provider said (its bare "Transfer failed" says no more than that), and says whether the
 * administrator can retry today or must wait for the member. "Confirmed" bank details only mean the bank
 * knows the account's name: a refused transfer does not make them unconfirmed.
 */
export function payoutAttention(input: {
  status: PayoutStatus;
  failureReason: string | null;
  bank: { verified: boolean; changedSinceFailure: boolean } | null;
}): PayoutAttention | null {
  if (input.status !== 'failed' && input.status !== 'reversed') return null;
  const bare = !input.failureReason || /^Transfer (failed|reversed)$/.test(input.failureReason);
  const said = bare ? 'Paystack gave no reason' : `Paystack said: “${input.failureReason}”`;
  const reason =
    input.status === 'reversed'
      ? `${said}. The bank returned the money; the amount is back in the member's wallet.`
      : `${said}. The bank did not pay this account; the amount is back in the member's wallet.`;
  if (!input.bank)
    return { reason, action: 'Wait for the member: they have no bank details now. Ask them to add them; retry once they have.', retryable: false };
  if (!input.bank.verified)
    return {
      reason,
      action: 'Wait for the member: their new bank details are not confirmed with the bank yet. Ask them to correct them; retry once they are confirmed.',
      retryable: false,
    };
  if (input.bank.changedSinceFailure)
    return { reason, action: 'The member has corrected the bank details since: retry to pay them today.', retryable: true };
  return {
    reason,
    action:
      'The bank details are unchanged since this transfer. If the bank refused the account, ask the member to check them and retry once they have changed them; if the trouble was passing (the bank was down), retry today. Release it if it will not be paid.',
    retryable: true,
  };
}
