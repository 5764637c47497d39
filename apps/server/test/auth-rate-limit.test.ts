import { expect, it } from 'vitest';
import { useTestApp } from './app';
import { confirmedAccount, forgotPath, loginPath, signupBody, signupPath, someAddress, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';

const LIMITED = /^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/;

describeEachDatabase('rate limits on the account calls', (database) => {
  const ctx = useTestApp(database);

  it('stops 20 wrong passwords in a minute on one account, from one address or many; the right password waits too', async () => {
    const account = await confirmedAccount(ctx.app, 'main');
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      // A different address each time: the limit follows the account, not only the address.
      const res = await ctx.app.inject({ method: 'POST', url: loginPath.main, payload: { email: account.email, password: `guess ${i}` }, remoteAddress: someAddress() });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toMatch(LIMITED);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual(Array(10).fill(429));
    const right = await ctx.app.inject({ method: 'POST', url: loginPath.main, payload: { email: account.email, password: account.password }, remoteAddress: someAddress() });
    expect(right.statusCode).toBe(429);
    expect(right.cookies).toHaveLength(0);
    // The same person's Welcome Back account is another account, with its own count.
    const other = await ctx.app.inject({ method: 'POST', url: loginPath.welcomeback, payload: { email: account.email, password: 'x' }, remoteAddress: someAddress() });
    expect(other.statusCode).toBe(401);
  });

  it('counts the Main member login and the admin login of one account together', async () => {
    const account = await confirmedAccount(ctx.app, 'main');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const url = i % 2 ? '/api/admin/adminLogin' : loginPath.main;
      codes.push((await ctx.app.inject({ method: 'POST', url, payload: { email: account.email, password: `guess ${i}` }, remoteAddress: someAddress() })).statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes[10]).toBe(429);
  });

  it('limits one address trying many accounts', async () => {
    const address = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: loginPath.welcomeback, payload: { email: uniqueEmail('spray'), password: 'password1' }, remoteAddress: address });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('limits sign-ups per email and per address', async () => {
    const email = uniqueEmail('again');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: signupPath.welcomeback, payload: signupBody({ email }), remoteAddress: someAddress() });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 409, 409, 409, 409, 429]);

    const address = someAddress();
    const fromOne: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: signupPath.main, payload: signupBody(), remoteAddress: address });
      fromOne.push(res.statusCode);
    }
    expect(fromOne.slice(0, 60).every((c) => c === 201)).toBe(true);
    expect(fromOne[60]).toBe(429);
  });

  it('limits forgot-password mails per email, with the same answer until then', async () => {
    const account = await confirmedAccount(ctx.app, 'welcomeback');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: forgotPath.welcomeback, payload: { email: account.email }, remoteAddress: someAddress() });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const address = someAddress();
    const fromOne: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: forgotPath.main, payload: { email: uniqueEmail() }, remoteAddress: address });
      fromOne.push(res.statusCode);
    }
    expect(fromOne.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(fromOne[30]).toBe(429);
  });
});
