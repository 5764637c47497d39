import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's webhook signature: HMAC-SHA512 of the raw body bytes, keyed with the secret key, as lowercase hex. */
export function signPaystackBody(secretKey: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Hashes the bytes as received (re-serialised JSON may differ) and compares in constant time. */
export function isValidPaystackSignature(
  secretKey: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signPaystackBody(secretKey, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
