/**
 * The ledger's rules before anything is written: an entry moves money between at least two
 * accounts, in whole kobo, and its lines sum to zero. A wallet never goes below zero (the database
 * enforces that on the stored balance, in the same statement that moves it).
 */

export interface LineAmount {
  /** Positive credits the account, negative debits it. */
  readonly amountKobo: number;
}

export type EntryCheck<L> =
  | { readonly ok: true; readonly lines: readonly L[] }
  | { readonly ok: false; readonly code: 'unbalanced'; readonly reason: string };

export function checkEntryLines<L extends LineAmount>(lines: readonly L[]): EntryCheck<L> {
  const moving = lines.filter((l) => l.amountKobo !== 0);
  if (moving.some((l) => !Number.isSafeInteger(l.amountKobo)))
    return { ok: false, code: 'unbalanced', reason: 'an amount is not a whole number of kobo' };
  if (moving.length < 2)
    return { ok: false, code: 'unbalanced', reason: 'an entry needs at least two lines that move money' };
  const sum = moving.reduce((s, l) => s + l.amountKobo, 0);
  if (sum !== 0) return { ok: false, code: 'unbalanced', reason: `lines sum to ${sum} kobo, not 0` };
  return { ok: true, lines: moving };
}

/** A wallet's balance after a movement, or null when it would go below zero. */
export function walletAfter(balanceKobo: number, movementKobo: number): number | null {
  const after = balanceKobo + movementKobo;
  return after < 0 ? null : after;
}

/** Where the money a lost card dispute took back comes from, in kobo (each >= 0, summing to what was taken). */
export interface ChargebackSplit {
  /** What was still owed back to the payer for a payment that placed nothing: the chargeback paid it back. */
  readonly fromRefundsPayableKobo: number;
  /** The fee income the payment brought: it was never the company's to keep. */
  readonly fromFeeIncomeKobo: number;
  /** The rest (the card fee the customer bore and Paystack kept, or money already refunded once): a loss. */
  readonly lossKobo: number;
}

/**
 * A lost dispute (chargeback): Paystack takes `takenKobo` out of the balance it holds for us. It first settles what
 * the payment still owed back (refunds payable), then takes back the fee income the payment brought, and anything
 * beyond both is the company's loss, so each account moves by what it truly held for this payment.
 */
export function chargebackSplit(
  takenKobo: number,
  held: { owedBackKobo: number; feeIncomeKobo: number },
): ChargebackSplit {
  const taken = Math.max(0, takenKobo);
  const fromRefundsPayableKobo = Math.min(taken, Math.max(0, held.owedBackKobo));
  const fromFeeIncomeKobo = Math.min(taken - fromRefundsPayableKobo, Math.max(0, held.feeIncomeKobo));
  return {
    fromRefundsPayableKobo,
    fromFeeIncomeKobo,
    lossKobo: taken - fromRefundsPayableKobo - fromFeeIncomeKobo,
  };
}
