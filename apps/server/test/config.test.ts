import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DEV_JWT_SECRET } from '../src/config-rules';

const STRONG_SECRET = 'q7Vb0sZ+Lk3N9wXe2Rt5Yu8Io1Pa4Sd6Fg0Hj2Kl3Zx5Cv7Bn9Mm1Qw3Er5Ty7Ui';
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://coop:pw@db/coop',
  JWT_SECRET: STRONG_SECRET,
  PUBLIC_URL: 'https://coop.example',
  MAIL_TRANSPORT: 'outbox',
  PAYMENT_PROVIDER: 'sandbox',
  TOTP_ENCRYPTION_KEY: 'Zq3v8mT1pX0cR7wN2bY5kL9sD4hF6jG1aE8uI3oP0nM=',
};

describe('TRUST_PROXY', () => {
  it("takes what Fastify's trustProxy accepts: false, a hop count, or addresses and CIDR ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ ...production, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'loopback']);
  });

  it('refuses true in production and says why', () => {
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(
      /^Invalid environment variable TRUST_PROXY in production: true trusts every X-Forwarded-For entry, so any client could choose its own address/,
    );
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('refuses what is neither a count nor an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(
      /TRUST_PROXY: .*"proxy.internal" is none of these/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('JWT_SECRET in production', () => {
  it('accepts a long random secret', () => {
    expect(loadConfig(production).jwtSecret).toBe(STRONG_SECRET);
  });

  it('refuses the public development value and obviously weak secrets without printing them', () => {
    const weak = [
      DEV_JWT_SECRET,
      'x'.repeat(40),
      'my-jwt-secret-please-change-me-now-1234',
      'abababababababababababababababab12',
    ];
    for (const secret of weak) {
      let message = '';
      try {
        loadConfig({ ...production, JWT_SECRET: secret });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^Invalid environment variable JWT_SECRET in production: it /);
      expect(message).not.toContain(secret);
    }
  });

  it('never prints a secret variable that fails its own rule', () => {
    const short = 'short-but-secret';
    expect(() => loadConfig({ JWT_SECRET: short })).toThrow(
      'Invalid environment variable JWT_SECRET: must be at least 32 characters',
    );
    expect(() => loadConfig({ JWT_SECRET: short })).not.toThrow(short);
    expect(() => loadConfig({ PAYSTACK_SECRET_KEY: 'pk_live_abc123' })).toThrow(
      /^Invalid environment variable PAYSTACK_SECRET_KEY: [^"]*$/,
    );
    // Harmless values are still echoed, which helps with typos.
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('(got "abc")');
  });
});

describe('TOTP_ENCRYPTION_KEY', () => {
  it('is required in production, and the development key is refused there', () => {
    const { TOTP_ENCRYPTION_KEY: _key, ...withoutKey } = production;
    expect(() => loadConfig(withoutKey)).toThrow(
      /^Missing environment variable TOTP_ENCRYPTION_KEY in production: set 32 random bytes in base64/,
    );
    expect(() =>
      loadConfig({ ...production, TOTP_ENCRYPTION_KEY: loadConfig({}).totpKeys.current.toString('base64') }),
    ).toThrow(/^Invalid environment variable TOTP_ENCRYPTION_KEY in production: it is the development key/);
  });

  it('takes 32 bytes, and the previous keys of a rotation, without repeating a value in an error', () => {
    const config = loadConfig({
      ...production,
      TOTP_ENCRYPTION_KEY_PREVIOUS: `${'ab'.repeat(32)},${production.TOTP_ENCRYPTION_KEY}`,
    });
    expect(config.totpKeys.current).toHaveLength(32);
    expect(config.totpKeys.previous).toHaveLength(2);
    let message = '';
    try {
      loadConfig({ ...production, TOTP_ENCRYPTION_KEY: 'short-and-secret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment variable TOTP_ENCRYPTION_KEY: must be 32 random bytes/);
    expect(message).not.toContain('short-and-secret');
  });
});

describe('fraud signal thresholds', () => {
  it('default to the core’s FRAUD_THRESHOLDS and are each a setting', () => {
    expect(loadConfig({}).fraud).toEqual({
      burstSignups: 10,
      burstWithinMinutes: 60,
      sameDeviceWithinHours: 24,
      ringLevels: 3,
    });
    expect(
      loadConfig({
        FRAUD_BURST_SIGNUPS: '25',
        FRAUD_BURST_MINUTES: '30',
        FRAUD_SAME_DEVICE_HOURS: '2',
        FRAUD_RING_LEVELS: '0',
      }).fraud,
    ).toEqual({
      burstSignups: 25,
      burstWithinMinutes: 30,
      sameDeviceWithinHours: 2,
      ringLevels: 0,
    });
  });

  it('refuses a burst of one sign-up, which would flag everyone', () => {
    expect(() => loadConfig({ FRAUD_BURST_SIGNUPS: '1' })).toThrow(
      /^Invalid environment variable FRAUD_BURST_SIGNUPS/,
    );
  });
});

describe('PASSWORD_HASH_COST', () => {
  it("is scrypt's 2^15 unless set, and at least 2^15 in production", () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig(production).passwordHashCost).toBe(15);
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: '16' }).passwordHashCost).toBe(16);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '14' })).toThrow(
      /^Invalid environment variable PASSWORD_HASH_COST in production: 14 is below 15/,
    );
  });

  it('may be lower outside production (the tests hash at 2^10), never below 2^10', () => {
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '9' })).toThrow(
      /^Invalid environment variable PASSWORD_HASH_COST: /,
    );
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset by default (GET /metrics answers 404) and taken when it is 32 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ ...production, METRICS_TOKEN: STRONG_SECRET }).metricsToken).toBe(STRONG_SECRET);
  });

  it('refuses a short token anywhere and a placeholder in production, without printing either', () => {
    const short = 'short-metrics-token';
    expect(() => loadConfig({ METRICS_TOKEN: short })).toThrow(
      'Invalid environment variable METRICS_TOKEN: must be at least 32 characters (openssl rand -hex 32)',
    );
    expect(() => loadConfig({ METRICS_TOKEN: short })).not.toThrow(short);
    const placeholder = 'change-me-change-me-change-me-metrics';
    expect(loadConfig({ METRICS_TOKEN: placeholder }).metricsToken).toBe(placeholder);
    let message = '';
    try {
      loadConfig({ ...production, METRICS_TOKEN: placeholder });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /^Invalid environment variable METRICS_TOKEN in production: it looks like a placeholder/,
    );
    expect(message).not.toContain(placeholder);
  });
});
