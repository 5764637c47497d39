import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SecretKeys } from '../config-rules';

/**
 * Secrets the platform must read back (an administrator's TOTP secret) are kept sealed with AES-256-GCM under a key
 * from the environment, so a copy of the database alone does not give them away. A sealed value names its key
 * (`v1.<key id>.<iv>.<tag>.<ciphertext>`), so a value sealed under the previous key still opens during a rotation;
 * the row it belongs to is the additional data, so a sealed value copied to another row does not open.
 */
const PREFIX = 'v1';

export const secretKeyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function sealSecret(keys: SecretKeys, owner: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    PREFIX,
    secretKeyId(keys.current),
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    sealed.toString('base64url'),
  ].join('.');
}

export const isSealed = (stored: string) => stored.startsWith(`${PREFIX}.`);

/**
 * The secret, and whether it should be sealed again under the current key: it was kept in clear (written before
 * sealing existed) or sealed under a previous key. A value sealed under a key the environment no longer holds
 * cannot be opened: that is an operator's error, said plainly (without the value).
 */
export function openSecret(
  keys: SecretKeys,
  owner: string,
  stored: string,
): { secret: string; stale: boolean } {
  if (!isSealed(stored)) return { secret: stored, stale: true };
  const [, keyId, iv, tag, sealed] = stored.split('.');
  const key = [keys.current, ...keys.previous].find((k) => secretKeyId(k) === keyId);
  if (!key)
    throw new Error(
      `a secret is sealed under key ${keyId}, which is neither TOTP_ENCRYPTION_KEY nor in TOTP_ENCRYPTION_KEY_PREVIOUS`,
    );
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
  decipher.setAAD(Buffer.from(owner, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  const secret = Buffer.concat([
    decipher.update(Buffer.from(sealed!, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
  return { secret, stale: key !== keys.current };
}
