import { describe, expect, it } from 'vitest';
import { inactivityCutoff, maskAccountNumber, phoneKey } from './member-review';

describe('member review rules', () => {
  it('counts 12 calendar months back for inactivity', () => {
    expect(inactivityCutoff(new Date('2026-11-23T10:00:00Z')).toISOString()).toBe('2025-11-23T10:00:00.000Z');
  });
  it('compares phone numbers by their last ten digits', () => {
    expect(phoneKey('0803 123 4567')).toBe(phoneKey('+234 803 123 4567'));
    expect(phoneKey('08031234567')).not.toBe(phoneKey('08031234568'));
  });
  it('shows only the last four digits of an account number', () => {
    expect(maskAccountNumber('6781')).toBe('******6781');
  });
});
