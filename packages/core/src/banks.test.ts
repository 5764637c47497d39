import { describe, expect, it } from 'vitest';
import { accountNamesMatch, bankNameAsShown } from './banks';

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

describe('bankNameAsShown', () => {
  it("spells the provider's misspelt bank right and leaves the others as they are", () => {
    expect(bankNameAsShown('Petra Mircofinance Bank Plc')).toBe('Petra Microfinance Bank Plc');
    expect(bankNameAsShown('Access Bank')).toBe('Access Bank');
  });
});
