import { describe, expect, it } from 'vitest';
import { decidePayee } from '../payouts/payee-rules';
import { disputeStatusText, isOpen } from './dispute-words';

describe('dispute words and the hold', () => {
  it("gives Paystack's documented statuses plain words and shows an unknown one as it came", () => {
    expect(disputeStatusText('awaiting-merchant-feedback', null)).toBe('Paystack waits for our answer');
    expect(disputeStatusText('resolved', 'declined')).toBe('Resolved: we contested the claim');
    expect(disputeStatusText('resolved', 'auto-accepted')).toBe(
      'Resolved: Paystack\'s resolution "auto-accepted"',
    );
    expect(disputeStatusText('archived', null)).toBe("Paystack's status: archived");
    expect([isOpen('pending'), isOpen('archived'), isOpen('resolved')]).toEqual([true, true, false]);
  });

  it('leaves a disputed member out of the payout with its own reason, before the other holds are looked at', () => {
    const facts = {
      balanceKobo: 500_000,
      accountStatus: 'active' as const,
      bank: { verified: true },
      earlierPayoutFailed: false,
    };
    expect(decidePayee({ ...facts, flagged: true, disputed: true }, 100_000)).toEqual({
      pay: false,
      reason: 'dispute_open',
    });
    expect(decidePayee({ ...facts, flagged: true, disputed: false }, 100_000)).toEqual({
      pay: false,
      reason: 'fraud_flag_open',
    });
    expect(decidePayee({ ...facts, flagged: false, disputed: false }, 100_000)).toEqual({
      pay: true,
      amountKobo: 500_000,
    });
  });
});
