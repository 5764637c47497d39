import type { PayoutStatus } from './transfer-outcome';
import { TRANSFER_STATUS_TEXT, transferStatusText, WAITING_STATUSES } from './transfer-status';

export interface PayoutAttention {
  /** What the bank said, in words an administrator can pass on. */
  reason: string;
  /** What to do so that the member is paid in this run. */
  action: string;
  /** Whether the run's Retry would send this payout again now (the member's bank details are confirmed). */
  retryable: boolean;
  /** Paystack waits for the one-time code: the run page offers the code's input and Resend code. */
  needsCode: boolean;
}

/** Said wherever a transfer waits for its code: the way to stop it happening again. */
export const OTP_ADVICE =
  "For automatic runs, turn off OTP for transfers in Paystack's dashboard (Settings > Preferences > Transfers); see docs/going-live.md.";

/**
 * Why a payout of a run was not paid and what to do about it; null for a payout that needs nothing.
 * The provider's own words are kept; its bare "Transfer failed" is said the way a member can act on.
 */
export function payoutAttention(input: {
  status: PayoutStatus;
  failureReason: string | null;
  providerStatus?: string | null;
  providerNote?: string | null;
  bank: { verified: boolean; changedSinceFailure: boolean } | null;
}): PayoutAttention | null {
  const person = (reason: string, action: string, needsCode = false) => ({ reason, action, retryable: false, needsCode });
  if (input.status === 'otp')
    return person(
      transferStatusText('otp'),
      `Enter the code sent to the business's phone below (or press Resend code). Paystack abandons the transfer after 30 minutes; release it then. ${OTP_ADVICE}`,
      true,
    );
  if (input.status === 'success' && input.providerNote)
    return person(input.providerNote, "The money is recorded as paid: confirm with Paystack whether it reached the member; a reversal, if one comes, returns it to the wallet.");
  if (input.status === 'processing' && input.providerStatus && !WAITING_STATUSES.includes(input.providerStatus))
    return person(transferStatusText(input.providerStatus), 'The money stays held until Paystack gives a known answer: Retry asks it again.');
  if (input.status !== 'failed' && input.status !== 'reversed') return null;
  const result = decideFailed(input);
  return { ...result, needsCode: false };
}

function decideFailed(input: { status: PayoutStatus; failureReason: string | null; bank: { verified: boolean; changedSinceFailure: boolean } | null }) {
  // Paystack's bare "failed"/"reversed" (or our words for them) add nothing to the sentence below.
  const bare = [TRANSFER_STATUS_TEXT.failed, TRANSFER_STATUS_TEXT.reversed];
  const said = input.failureReason && !/^Transfer (failed|reversed)$/.test(input.failureReason) && !bare.includes(input.failureReason) ? `${input.failureReason}: ` : '';
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
