import { describe, expect, it } from 'vitest';
import { accountNamesMatch, BANKS, findBank } from './banks';

describe('bank list', () => {
  it('gives every bank its own code (the earlier product sent fcmb for twenty of them)', () => {
    const codes = BANKS.map((b) => b.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(BANKS.map((b) => b.name)).size).toBe(BANKS.length);
    expect(codes.filter((c) => c === '214')).toHaveLength(1);
  });

  it('carries the spec list with Paystack codes as strings', () => {
    expect(BANKS).toHaveLength(28);
    expect(findBank(BANKS, '058')?.name).toBe('Guaranty Trust Bank');
    expect(findBank(BANKS, '00103')?.name).toBe('Globus Bank');
    expect(findBank(BANKS, '103')).toBeUndefined();
    for (const bank of BANKS) expect(bank.code).toMatch(/^[0-9A-Z]{3,8}$/);
  });
});

describe('accountNamesMatch', () => {
  it('accepts the same person in another order or case', () => {
    expect(accountNamesMatch('Ada Okafor', 'OKAFOR ADA CHIOMA')).toBe(true);
    expect(accountNamesMatch('ada  chioma okafor', 'OKAFOR, ADA CHIOMA')).toBe(true);
  });

  it('refuses another person or a single shared word', () => {
    expect(accountNamesMatch('Ada Okafor', 'BELLO MUSA')).toBe(false);
    expect(accountNamesMatch('Okafor', 'OKAFOR ADA')).toBe(false);
    expect(accountNamesMatch('Ada Okafor', 'OKAFOR EMEKA')).toBe(false);
    expect(accountNamesMatch('', 'OKAFOR ADA')).toBe(false);
  });
});
