import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecretKey } from '../config-rules';
import { openSecret, sealSecret } from './secret-box';

const key = () => randomBytes(32);

describe('secret box', () => {
  it('seals a secret that opens only for its own row, and never holds it in clear', () => {
    const keys = { current: key(), previous: [] };
    const sealed = sealSecret(keys, 'account-a', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(keys, 'account-a', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openSecret(keys, 'account-a', sealed)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', stale: false });
    expect(() => openSecret(keys, 'account-b', sealed)).toThrow();
  });

  it('opens values sealed under a previous key or kept in clear, and marks them to be sealed again', () => {
    const old = { current: key(), previous: [] };
    const sealed = sealSecret(old, 'a', 'SECRET');
    const rotated = { current: key(), previous: [old.current] };
    expect(openSecret(rotated, 'a', sealed)).toEqual({ secret: 'SECRET', stale: true });
    expect(openSecret(rotated, 'a', 'SECRET')).toEqual({ secret: 'SECRET', stale: true });
    expect(() => openSecret({ current: key(), previous: [] }, 'a', sealed)).toThrow(
      /neither TOTP_ENCRYPTION_KEY nor/,
    );
  });

  it('reads a key in base64 or hexadecimal, of 32 bytes only', () => {
    const bytes = key();
    expect(parseSecretKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseSecretKey(bytes.toString('hex'))).toEqual(bytes);
    expect(parseSecretKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseSecretKey('not a key')).toBeNull();
  });
});
