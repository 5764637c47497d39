import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is in Node itself (no native build). The cost is config.passwordHashCost (PASSWORD_HASH_COST, log2 of N):
// 15 by default and at least 15 in production, N=2^15 being about 120 ms of one core here: slow for guessing,
// fine for a login. Only the tests hash at less, to spend their minutes on what they test (decision 0023).
const PARAMS = { r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, params, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scrypt(password, salt, { ...PARAMS, N });
  return ['scrypt', N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Spends the same time as a real check at the configured cost, so an unknown email cannot be told apart by timing. */
const dummyHashes = new Map<number, Promise<string>>();
export async function verifyAgainstNothing(password: string, cost: number): Promise<false> {
  let dummyHash = dummyHashes.get(cost);
  if (!dummyHash) dummyHashes.set(cost, (dummyHash = hashPassword('not-a-real-password', cost)));
  await verifyPassword(password, await dummyHash);
  return false;
}
