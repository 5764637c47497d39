import { randomInt } from 'node:crypto';
import { hashSecretToken } from '../../lib/secret-tokens';

// No 0/O/1/I/L, so a code read off paper is typed right.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes of 10 characters (about 49 bits each), shown once as XXXXX-XXXXX; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
export const hashRecoveryCode = (code: string) => hashSecretToken(`recovery:${normaliseRecoveryCode(code)}`);
export const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
