import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password';

describe('password hashes', () => {
  it('keep the cost they were made at, so a hash of an earlier cost still verifies after the setting changes', async () => {
    const cheap = await hashPassword('a good password', 10);
    const dear = await hashPassword('a good password', 15);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(dear).toMatch(/^scrypt\$32768\$8\$1\$/);
    for (const hash of [cheap, dear]) {
      expect(await verifyPassword('a good password', hash)).toBe(true);
      expect(await verifyPassword('a good passwore', hash)).toBe(false);
    }
  });

  it('answer false for an unknown account after the same work', async () => {
    expect(await verifyAgainstNothing('a good password', 10)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});
