import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { testConfig } from './app';
import { confirmedAccount, loginPath, someAddress } from './auth-kit';
import { describeEachDatabase } from './databases';

/** Two instances of the platform on one database count each limit once between them (decision 0015). */
describeEachDatabase('rate limits shared by instances on one database', (engine) => {
  let database: Database;
  let first: App;
  let second: App;
  beforeAll(async () => {
    database = await engine.open();
    first = await buildApp(testConfig(), { database });
    second = await buildApp(testConfig(), { database });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('refuses the 11th wrong password on one account when the guesses alternate between two instances', async () => {
    const account = await confirmedAccount(first, 'main');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const instance = i % 2 ? second : first;
      const res = await instance.inject({
        method: 'POST',
        url: loginPath.main,
        payload: { email: account.email, password: `guess ${i}` },
        remoteAddress: someAddress(),
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('counts a route limit (account closure confirmation) across instances too', async () => {
    const address = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const instance = i % 2 ? second : first;
      const res = await instance.inject({
        method: 'POST',
        url: '/api/auth/confirm-closure',
        payload: { token: `not-a-valid-closure-token-${i}` },
        remoteAddress: address,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c !== 429)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
