import { isIP } from 'node:net';

/** What Fastify's trustProxy accepts, read from TRUST_PROXY. */
export type TrustProxy = boolean | number | string[];

// proxy-addr's names for address ranges (Fastify hands a list to it).
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: "false" (no proxy), a hop count ("1": one proxy in front), or the proxies' addresses and
 * CIDR ranges, comma-separated. "true" trusts every X-Forwarded-For entry, so any client could choose its
 * own address and escape the per-address limits: refused in production.
 */
export function parseTrustProxy(
  value: string | undefined,
  isProduction: boolean,
): TrustProxy | { error: string } {
  const text = (value ?? 'false').trim().toLowerCase();
  if (text === 'false' || text === 'off' || text === '0') return false;
  if (text === 'true' || text === 'on') {
    if (isProduction)
      return {
        error:
          'true trusts every X-Forwarded-For entry, so any client could choose its own address; set the number of proxies in front (e.g. 1) or their addresses',
      };
    return true;
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || bad !== undefined)
    return {
      error: `must be false, a hop count such as 1, or proxy addresses / CIDR ranges separated by commas${bad ? ` ("${bad}" is none of these)` : ''}`,
    };
  return entries;
}

export const DEV_JWT_SECRET = 'development-only-secret-change-me-0123456789';

const PLACEHOLDER_WORDS = ['change-me', 'changeme', 'development', 'example', 'password', 'secret'];

/** Why a JWT secret is not fit for production, or null; never says the value itself. */
export function weakJwtSecret(secret: string): string | null {
  if (secret === DEV_JWT_SECRET)
    return 'is the public development value; generate one with: openssl rand -base64 48';
  if (secret.length < 32) return 'must be at least 32 characters';
  const lower = secret.toLowerCase();
  if (PLACEHOLDER_WORDS.some((word) => lower.includes(word)))
    return 'looks like a placeholder; generate one with: openssl rand -base64 48';
  if (new Set(secret).size < 16)
    return 'has too few different characters to be random; generate one with: openssl rand -base64 48';
  return null;
}

/**
 * Fastify 5.12 no longer honours a bare hop count (it trusts nothing then, so every client behind the proxy
 * would share the proxy's address and its limits). A count is passed as the function proxy-addr used to build
 * for it: the first `hops` addresses from the socket inward are proxies, the next one is the client.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return (_address, hop) => hop < hops;
}

/** The keys that seal secrets at rest (lib/secret-box.ts), as the configuration reads them. */
export interface SecretKeys {
  current: Buffer;
  /** Earlier keys, kept only to open values not yet sealed again under the current key. */
  previous: Buffer[];
}

/** A key as the environment gives it: 32 bytes in base64 (openssl rand -base64 32) or 64 hexadecimal digits. */
export function parseSecretKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 && /^[A-Za-z0-9+/_-]+=*$/.test(value) ? bytes : null;
}
