import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNaira, nairaToKobo, parseNairaString, toNairaString } from './money';

describe('money', () => {
  it('writes naira strings the API uses', () => {
    expect(toNairaString(5_000_000)).toBe('50000.00');
    expect(toNairaString(1)).toBe('0.01');
    expect(toNairaString(-1_050)).toBe('-10.50');
    expect(nairaToKobo(50_000)).toBe(5_000_000);
  });

  it('formats for people', () => {
    expect(formatNaira(5_000_000)).toBe('₦50,000');
    expect(formatNaira(125_050)).toBe('₦1,250.50');
    expect(formatNaira(1)).toBe('₦0.01');
    expect(formatNaira(-1_050)).toBe('-₦10.50');
  });

  it('round-trips every kobo amount through the naira string', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        (kobo) => parseNairaString(toNairaString(kobo)) === kobo,
      ),
    );
  });

  it('refuses fractions of a kobo', () => {
    expect(() => toNairaString(1.5)).toThrow(RangeError);
    expect(() => parseNairaString('1.005')).toThrow(RangeError);
  });
});
