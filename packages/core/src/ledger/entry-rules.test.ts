import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEntryLines, walletAfter } from './entry-rules';

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
});
