import { createDecoder, createSigner, createVerifier } from 'fast-jwt';
import type { Config } from '../config';

/**
 * The JWTs this server signs with JWT_SECRET (HS256): access tokens and the admin's second-factor challenge, each
 * with its own audience so one can never stand for the other. fast-jwt verifies with node:crypto's HMAC in a few
 * microseconds; jose's WebCrypto verify cost about a sixth of a signed-in read's CPU (decision 0015). Signer and
 * verifier are built once per configuration.
 */
export function tokenKind(options: {
  audience: string;
  issuer?: string;
  seconds: number;
  keepVerified?: boolean;
}) {
  const built = new WeakMap<
    Config,
    { sign: (payload: Record<string, unknown>) => string; verify: (token: string) => Record<string, unknown> }
  >();
  return (config: Config) => {
    let kind = built.get(config);
    if (!kind) {
      const key = config.jwtSecret;
      const sign = createSigner({
        key,
        algorithm: 'HS256',
        aud: options.audience,
        iss: options.issuer,
        expiresIn: options.seconds * 1000,
      });
      const verify = createVerifier({
        key,
        algorithms: ['HS256'],
        allowedAud: options.audience,
        allowedIss: options.issuer,
        requiredClaims: ['exp', 'sub', ...(options.issuer ? ['iss'] : [])],
        // A token sent again is not verified again until it expires (fast-jwt's LRU, keyed by a hash of the token).
        ...(options.keepVerified ? { cache: 10_000 } : {}),
      });
      kind = {
        sign: (payload) => sign(payload),
        verify: (token) => verify(token) as Record<string, unknown>,
      };
      built.set(config, kind);
    }
    return kind;
  };
}

const decode = createDecoder();

/** A token's claims without checking it: only for keys that are not trusted (counting attempts). */
export function unverifiedClaims(token: string): Record<string, unknown> {
  return decode(token) as Record<string, unknown>;
}
