import { describe, expect, it } from 'vitest';
import { checkRefund, nextRefundStatus, refundLeftKobo } from './refund-rules';

const unplaced = {
  status: 'paid',
  placed: false,
  amountKobo: 5_000_000,
  refundedKobo: 0,
  refundUnderWay: false,
};

describe('checkRefund', () => {
  it('allows the whole fee or a part of it for a paid payment that placed nothing', () => {
    expect(checkRefund(unplaced, 5_000_000)).toEqual({ ok: true, amountKobo: 5_000_000 });
    expect(checkRefund(unplaced, 1_000_000)).toEqual({ ok: true, amountKobo: 1_000_000 });
  });
  it('refuses a payment that placed a position, with the words the screen shows', () => {
    const refusal = checkRefund({ ...unplaced, placed: true }, 1);
    expect(refusal).toMatchObject({ ok: false, code: 'position_placed' });
  });
  it('refuses a second refund while one is with Paystack, and more than is left', () => {
    expect(checkRefund({ ...unplaced, refundUnderWay: true }, 1)).toMatchObject({ code: 'refund_under_way' });
    expect(checkRefund({ ...unplaced, refundedKobo: 4_000_000 }, 1_000_001)).toMatchObject({
      code: 'bad_amount',
    });
    expect(checkRefund({ ...unplaced, refundedKobo: 5_000_000 }, 1)).toMatchObject({ code: 'nothing_left' });
    expect(checkRefund(unplaced, 0)).toMatchObject({ code: 'bad_amount' });
    expect(checkRefund(unplaced, 10.5)).toMatchObject({ code: 'bad_amount' });
    expect(checkRefund({ ...unplaced, status: 'pending' }, 1)).toMatchObject({ code: 'not_paid' });
  });
  it('counts what is left', () => {
    expect(refundLeftKobo({ ...unplaced, refundedKobo: 1_500_000 })).toBe(3_500_000);
  });
});

describe('nextRefundStatus', () => {
  it('moves forward on Paystack words and never out of an outcome', () => {
    expect(nextRefundStatus('sending', 'pending')).toBe('pending');
    expect(nextRefundStatus('pending', 'processed')).toBe('processed');
    expect(nextRefundStatus('processing', 'failed')).toBe('failed');
    expect(nextRefundStatus('processing', 'pending')).toBeNull();
    expect(nextRefundStatus('processed', 'failed')).toBeNull();
    expect(nextRefundStatus('failed', 'processed')).toBeNull();
    expect(nextRefundStatus('pending', 'reversed')).toBeNull();
  });
});
