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
};

describe('TRUST_PROXY', () => {
  it("takes what Fastify's trustProxy accepts: false, a hop count, or addresses and CIDR ranges", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'loopback']);
  });

  it('refuses true in production and says why', () => {
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(
      /^Invalid environment variable TRUST_PROXY in production: true trusts every X-Forwarded-For entry, so any client could choose its own address/,
    );
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('refuses what is neither a count nor an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(/TRUST_PROXY: .*"proxy.internal" is none of these/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('JWT_SECRET in production', () => {
  it('accepts a long random secret', () => {
    expect(loadConfig(production).jwtSecret).toBe(STRONG_SECRET);
  });

  it('refuses the public development value and obviously weak secrets without printing them', () => {
    const weak = [DEV_JWT_SECRET, 'x'.repeat(40), 'my-jwt-secret-please-change-me-now-1234', 'abababababababababababababababab12'];
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
    expect(() => loadConfig({ JWT_SECRET: short })).toThrow('Invalid environment variable JWT_SECRET: must be at least 32 characters');
    expect(() => loadConfig({ JWT_SECRET: short })).not.toThrow(short);
    expect(() => loadConfig({ PAYSTACK_SECRET_KEY: 'pk_live_abc123' })).toThrow(/^Invalid environment variable PAYSTACK_SECRET_KEY: [^"]*$/);
    // Harmless values are still echoed, which helps with typos.
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('(got "abc")');
  });
});

describe('fraud signal thresholds', () => {
  it('default to the core’s FRAUD_THRESHOLDS and are each a setting', () => {
    expect(loadConfig({}).fraud).toEqual({ burstSignups: 10, burstWithinMinutes: 60, sameDeviceWithinHours: 24, ringLevels: 3 });
    expect(loadConfig({ FRAUD_BURST_SIGNUPS: '25', FRAUD_BURST_MINUTES: '30', FRAUD_SAME_DEVICE_HOURS: '2', FRAUD_RING_LEVELS: '0' }).fraud).toEqual({
      burstSignups: 25,
      burstWithinMinutes: 30,
      sameDeviceWithinHours: 2,
      ringLevels: 0,
    });
  });

  it('refuses a burst of one sign-up, which would flag everyone', () => {
    expect(() => loadConfig({ FRAUD_BURST_SIGNUPS: '1' })).toThrow(/^Invalid environment variable FRAUD_BURST_SIGNUPS/);
  });
});
