/**
 * When a payment may be refunded, and how much: the rules before anything is asked of Paystack. Only a payment that
 * placed no position is refunded (a duplicate fee, a payment after closure, one the engine refused): a position
 * that was placed has paid bonuses up the matrix, and undoing it is not something the platform does.
 */

export interface RefundablePayment {
  status: string;
  /** The position the payment placed, if any. */
  placed: boolean;
  /** What we asked for: the fee. Paystack's own fees on top were never ours to give back. */
  amountKobo: number;
  /** Refunded already, or on its way (every refund but the failed ones). */
  refundedKobo: number;
  /** A refund of this payment is with Paystack now. */
  refundUnderWay: boolean;
}

export type RefundRefusal = {
  ok: false;
  code: 'not_paid' | 'position_placed' | 'refund_under_way' | 'nothing_left' | 'bad_amount';
  message: string;
};

/** What is left to give back of a payment that placed nothing. */
export const refundLeftKobo = (payment: RefundablePayment) =>
  Math.max(0, payment.amountKobo - payment.refundedKobo);

export const POSITION_PLACED_MESSAGE =
  'This payment placed a position in the matrix. Refunding an activated position is not something the platform does: its bonuses have been paid up the matrix.';

export function checkRefund(
  payment: RefundablePayment,
  amountKobo: number,
): { ok: true; amountKobo: number } | RefundRefusal {
  if (payment.status !== 'paid')
    return { ok: false, code: 'not_paid', message: 'Only a paid payment can be refunded.' };
  if (payment.placed) return { ok: false, code: 'position_placed', message: POSITION_PLACED_MESSAGE };
  if (payment.refundUnderWay)
    return {
      ok: false,
      code: 'refund_under_way',
      message: 'A refund of this payment is already with Paystack: wait for its outcome.',
    };
  const leftKobo = refundLeftKobo(payment);
  if (leftKobo === 0)
    return { ok: false, code: 'nothing_left', message: 'This payment has been refunded in full.' };
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0 || amountKobo > leftKobo)
    return {
      ok: false,
      code: 'bad_amount',
      message: `The amount must be more than zero and at most what is left to refund.`,
    };
  return { ok: true, amountKobo };
}

/** Paystack's refund words (paystack.com/docs/payments/refunds) and what each means here. */
export type RefundStatus = 'sending' | 'pending' | 'processing' | 'needs-attention' | 'processed' | 'failed';

const ORDER: Record<RefundStatus, number> = {
  sending: 0,
  pending: 1,
  processing: 2,
  'needs-attention': 3,
  processed: 4,
  failed: 4,
};

/**
 * Where a refund moves on Paystack's word: never backwards (a late refund.pending after processed changes
 * nothing), never out of an outcome (processed and failed are final); an unknown word is kept aside, not obeyed.
 */
export function nextRefundStatus(current: RefundStatus, word: string): RefundStatus | null {
  if (!(word in ORDER)) return null;
  const next = word as RefundStatus;
  if (current === 'processed' || current === 'failed') return null;
  return ORDER[next] > ORDER[current] || next === 'processed' || next === 'failed' ? next : null;
}
