import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { signInRules } from '../src/plugins/sign-in-locks';
import { testConfig } from './app';
import { loginPath, someAddress, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const PROXY = '192.0.2.1';

describeEachDatabase('TRUST_PROXY=1 behind one proxy', (database) => {
  const ctx = {} as { app: App; database: Database; seen: string[] };
  beforeAll(async () => {
    ctx.database = await database.open();
    ctx.app = await buildApp(testConfig({ TRUST_PROXY: '1' }), { database: ctx.database });
    ctx.seen = [];
    ctx.app.addHook('onResponse', async (request) => {
      ctx.seen.push(request.ip);
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });

  /** What the one proxy forwards: whatever the client claimed, then the address the proxy saw. */
  const throughProxy = (clientAddress: string, claimed: string) => ({
    method: 'POST' as const,
    url: loginPath.welcomeback,
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': `${claimed}, ${clientAddress}` },
    payload: { email: uniqueEmail('spray'), password: 'password1' },
  });

  it('takes the address the proxy saw, so a client rotating X-Forwarded-For cannot escape the per-address login limit', async () => {
    const client = '203.0.113.7';
    const max = signInRules.address.failures;
    const codes: number[] = [];
    ctx.seen.length = 0;
    for (let i = 0; i <= max + 5; i++)
      codes.push((await ctx.app.inject(throughProxy(client, someAddress()))).statusCode);
    expect(codes.slice(0, max)).toEqual(Array(max).fill(401));
    expect(codes.slice(max)).toEqual(Array(6).fill(429));
    expect(new Set(ctx.seen)).toEqual(new Set([client]));
    // Another person behind the same proxy has an address of their own and is not refused.
    expect((await ctx.app.inject(throughProxy('203.0.113.8', someAddress()))).statusCode).toBe(401);
    expect(ctx.seen.at(-1)).toBe('203.0.113.8');
  });
});
