import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargebackSplit, checkEntryLines, walletAfter } from './entry-rules';

describe('ledger entry rules', () => {
  it('accepts any set of lines that sums to zero and refuses any that does not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e12, max: 1e12 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -1e6, max: 1e6 }),
        (amounts, skew) => {
          const balancing = -amounts.reduce((s, a) => s + a, 0);
          const lines = [...amounts, balancing + skew].map((amountKobo) => ({ amountKobo }));
          const moving = lines.filter((l) => l.amountKobo !== 0).length;
          expect(checkEntryLines(lines).ok).toBe(skew === 0 && moving >= 2);
        },
      ),
    );
  });

  it('refuses fractions of a kobo and one-sided entries', () => {
    expect(checkEntryLines([{ amountKobo: 0.5 }, { amountKobo: -0.5 }]).ok).toBe(false);
    expect(checkEntryLines([{ amountKobo: 0 }, { amountKobo: 0 }]).ok).toBe(false);
  });

  it('never lets a wallet go below zero', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer(), (balance, movement) => {
        const after = walletAfter(balance, movement);
        expect(after === null ? balance + movement < 0 : after >= 0 && after === balance + movement).toBe(
          true,
        );
      }),
    );
  });

  it('splits a chargeback: what was owed back first, then the fee income, the rest a loss', () => {
    // A placed fee of N50,000 charged N50,850 (the customer bore N850 of Paystack's fees): the fee and a loss.
    expect(chargebackSplit(5_085_000, { owedBackKobo: 0, feeIncomeKobo: 5_000_000 })).toEqual({
      fromRefundsPayableKobo: 0,
      fromFeeIncomeKobo: 5_000_000,
      lossKobo: 85_000,
    });
    // A payment that placed nothing, still owed back in full: the chargeback pays the payer back, nothing is lost.
    expect(chargebackSplit(5_000_000, { owedBackKobo: 5_000_000, feeIncomeKobo: 0 })).toEqual({
      fromRefundsPayableKobo: 5_000_000,
      fromFeeIncomeKobo: 0,
      lossKobo: 0,
    });
    // Refunded in full already and then lost: the money went out twice, all of it a loss.
    expect(chargebackSplit(5_000_000, { owedBackKobo: 0, feeIncomeKobo: 0 }).lossKobo).toBe(5_000_000);
    fc.assert(
      fc.property(
        fc.nat(1e10),
        fc.integer({ min: -1e6, max: 1e10 }),
        fc.integer({ min: -1e6, max: 1e10 }),
        (taken, owed, fee) => {
          const s = chargebackSplit(taken, { owedBackKobo: owed, feeIncomeKobo: fee });
          expect(s.fromRefundsPayableKobo + s.fromFeeIncomeKobo + s.lossKobo).toBe(taken);
          expect(Math.min(s.fromRefundsPayableKobo, s.fromFeeIncomeKobo, s.lossKobo)).toBeGreaterThanOrEqual(
            0,
          );
          expect(s.fromRefundsPayableKobo).toBeLessThanOrEqual(Math.max(0, owed));
          expect(s.fromFeeIncomeKobo).toBeLessThanOrEqual(Math.max(0, fee));
        },
      ),
    );
  });
});
