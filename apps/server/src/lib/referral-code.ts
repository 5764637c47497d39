import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a code read aloud or copied from a screenshot cannot be mistaken.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newReferralCode(length = 8): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase();
}
