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
 * It quotes what the provider said (its bare "Transfer failed" says no more than that), and says whether the
 * administrator can retry today or must wait for the member. "Confirmed" bank details only mean the bank
 * knows the account's name: a refused transfer does not make them unconfirmed.
 */
export function payoutAttention(input: {
  status: PayoutStatus;
  failureReason: string | null;
  providerStatus?: string | null;
  providerNote?: string | null;
  bank: { verified: boolean; changedSinceFailure: boolean } | null;
  /** A bank-file run: the bank, not Paystack, answered, and a retry goes into the next file. */
  mode?: 'transfer' | 'csv';
}): PayoutAttention | null {
  const person = (reason: string, action: string, needsCode = false) => ({
    reason,
    action,
    retryable: false,
    needsCode,
  });
  // A bank-file run never reaches Paystack: only the bank's refusal (recorded, or corrected) needs a person there.
  const transfer = input.mode !== 'csv';
  if (transfer && input.status === 'otp')
    return person(
      transferStatusText('otp'),
      `Enter the code sent to the business's phone below (or press Resend code). Paystack abandons the transfer after 30 minutes; release it then. ${OTP_ADVICE}`,
      true,
    );
  if (transfer && input.status === 'success' && input.providerNote)
    return person(
      input.providerNote,
      'The money is recorded as paid: confirm with Paystack whether it reached the member; a reversal, if one comes, returns it to the wallet.',
    );
  if (
    transfer &&
    input.status === 'processing' &&
    input.providerStatus &&
    !WAITING_STATUSES.includes(input.providerStatus)
  )
    return person(
      transferStatusText(input.providerStatus),
      'The money stays held until Paystack gives a known answer: Retry asks it again.',
    );
  if (input.status !== 'failed' && input.status !== 'reversed') return null;
  const result = decideFailed(input, transfer ? TRANSFER_WORDS : BANK_FILE_WORDS);
  return { ...result, needsCode: false };
}

/** Who answered for a failed payout, and what Retry does with it: Paystack's transfer, or the bank's file. */
interface FailureWords {
  bare: (reason: string) => boolean;
  noReason: string;
  said: (reason: string) => string;
  retryNow: string;
  /** What the bank was asked: a transfer, or a payment of its file. */
  asked: string;
}

// Paystack's bare "failed"/"reversed" (or our words for them) say no more than the status itself.
const bareWords = [TRANSFER_STATUS_TEXT.failed, TRANSFER_STATUS_TEXT.reversed].filter(Boolean) as string[];
const TRANSFER_WORDS: FailureWords = {
  bare: (reason) => /^Transfer (failed|reversed)$/.test(reason) || bareWords.includes(reason),
  noReason: 'Paystack gave no reason',
  said: (reason) => `Paystack said: “${reason}”`,
  retryNow: 'retry to pay them today',
  asked: 'transfer',
};
/** Before reasons were asked for, a bank file's failure was recorded with these words. */
const LEGACY_BANK_FILE_REASON = 'The bank could not pay this account';
const BANK_FILE_WORDS: FailureWords = {
  bare: (reason) => reason === LEGACY_BANK_FILE_REASON,
  noReason: 'The bank gave no reason (recorded before reasons were asked for)',
  said: (reason) => `The bank said: “${reason}”`,
  retryNow: 'retry to put it in the next bank file',
  asked: 'payment',
};

function decideFailed(
  input: {
    status: PayoutStatus;
    failureReason: string | null;
    bank: { verified: boolean; changedSinceFailure: boolean } | null;
  },
  words: FailureWords,
) {
  const said =
    !input.failureReason || words.bare(input.failureReason)
      ? words.noReason
      : words.said(input.failureReason);
  const reason =
    input.status === 'reversed'
      ? `${said}. The bank returned the money; the amount is back in the member's wallet.`
      : `${said}. The bank did not pay this account; the amount is back in the member's wallet.`;
  if (!input.bank)
    return {
      reason,
      action:
        'Wait for the member: they have no bank details now. Ask them to add them; retry once they have.',
      retryable: false,
    };
  if (!input.bank.verified)
    return {
      reason,
      action:
        'Wait for the member: their new bank details are not confirmed with the bank yet. Ask them to correct them; retry once they are confirmed.',
      retryable: false,
    };
  if (input.bank.changedSinceFailure)
    return {
      reason,
      action: `The member has corrected the bank details since: ${words.retryNow}.`,
      retryable: true,
    };
  return {
    reason,
    action: `The bank details are unchanged since this ${words.asked}. If the bank refused the account, ask the member to check them and retry once they have changed them; if the trouble was passing (the bank was down), ${words.retryNow}. Release it if it will not be paid.`,
    retryable: true,
  };
}
