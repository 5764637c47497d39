import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/rows';
import { signInRules } from '../src/plugins/sign-in-locks';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import {
  confirmedAccount,
  forgotPath,
  loginPath,
  mailsTo,
  signupBody,
  signupPath,
  someAddress,
  uniqueEmail,
} from './auth-kit';
import { describeEachDatabase } from './databases';

const LIMITED = /^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/;

describeEachDatabase('rate limits on the account calls', (database) => {
  const ctx = useTestApp(database);
  const ADMIN_LOGIN = '/api/admin/adminLogin';
  const ADMIN_PASSWORD = 'admin password 1';
  const adminLogin = (email: string, password: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: ADMIN_LOGIN, payload: { email, password }, remoteAddress });
  const auditActions = async (adminId: string) =>
    (
      await queryRows<{ action: string }>(
        ctx.app.db,
        sql`select action from audit_log where target_account_id = ${adminId} order by id`,
      )
    ).map((r) => r.action);

  it('stops 20 wrong passwords in a minute on one member account, from one address or many; the right password waits too', async () => {
    const account = await confirmedAccount(ctx.app, 'main');
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      // A different address each time: the limit follows the account, not only the address.
      const res = await ctx.app.inject({
        method: 'POST',
        url: loginPath.main,
        payload: { email: account.email, password: `guess ${i}` },
        remoteAddress: someAddress(),
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toMatch(LIMITED);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual(Array(10).fill(429));
    const right = await ctx.app.inject({
      method: 'POST',
      url: loginPath.main,
      payload: { email: account.email, password: account.password },
      remoteAddress: someAddress(),
    });
    expect(right.statusCode).toBe(429);
    expect(right.cookies).toHaveLength(0);
    // The same person's Welcome Back account is another account, with its own count.
    const other = await ctx.app.inject({
      method: 'POST',
      url: loginPath.welcomeback,
      payload: { email: account.email, password: 'x' },
      remoteAddress: someAddress(),
    });
    expect(other.statusCode).toBe(401);
  });

  it('lets 12 right passwords in a row through, for an administrator and a member: successes do not count', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', password: ADMIN_PASSWORD });
    const member = await confirmedAccount(ctx.app, 'main');
    const address = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await adminLogin(admin.email, ADMIN_PASSWORD, address)).statusCode);
      codes.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: loginPath.main,
            payload: { email: member.email, password: member.password },
            remoteAddress: address,
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual(Array(24).fill(200));
    // Each administrator's sign-in is in the audit log.
    expect(await auditActions(admin.id)).toEqual(Array(12).fill('admin_sign_in'));
  });

  it('keeps wrong passwords from one address from stopping the administrator on another; the lock-out is audited and grows', async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', password: ADMIN_PASSWORD });
    const outsider = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await adminLogin(admin.email, `guess ${i}`, outsider)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The right password from the outsider's address waits; the administrator's own address is not touched.
    const fromOutsider = await adminLogin(admin.email, ADMIN_PASSWORD, outsider);
    expect(fromOutsider.statusCode).toBe(429);
    expect(Number(fromOutsider.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await adminLogin(admin.email, ADMIN_PASSWORD, someAddress())).statusCode).toBe(200);
    expect(await auditActions(admin.id)).toEqual([
      ...Array(5).fill('admin_sign_in_failed'),
      'admin_sign_in_locked',
      'admin_sign_in',
    ]);
    const [locked] = await queryRows<{ details: Record<string, unknown> }>(
      ctx.app.db,
      sql`select details from audit_log where target_account_id = ${admin.id} and action = 'admin_sign_in_locked'`,
    );
    expect(locked!.details).toMatchObject({ address: outsider, lockedFor: 'this address', minutes: 1 });

    // The minute is over (made so here); the next five wrong passwords lock the outsider out for twice as long.
    await ctx.app.db.execute(
      sql`update rate_limit_counters set window_ends_at = now() - interval '1 second' where window_ends_at < now() + interval '61 seconds'`,
    );
    const again: number[] = [];
    for (let i = 0; i < 6; i++)
      again.push((await adminLogin(admin.email, `guess again ${i}`, outsider)).statusCode);
    expect(again).toEqual([401, 401, 401, 401, 401, 429]);
    const waited = await adminLogin(admin.email, ADMIN_PASSWORD, outsider);
    expect(Number(waited.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(waited.headers['retry-after'])).toBeLessThanOrEqual(120);
  });

  // Fifty password checks: generous time on a busy machine.
  it(
    'holds browsers never used before after wrong passwords from many addresses, never the browser the administrator signs in from; the administrators are mailed once with the addresses',
    { timeout: 180_000 },
    async () => {
      const admin = await createTestAccount(ctx.app, {
        role: 'admin',
        password: ADMIN_PASSWORD,
        fullName: 'Locked Admin',
      });
      const colleague = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Colleague Admin' });
      const signedIn = await adminLogin(admin.email, ADMIN_PASSWORD, someAddress());
      const device = signedIn.cookies.find((c) => c.name === 'admin_device');
      expect(device?.httpOnly).toBe(true);
      const { failures } = signInRules.adminUnknownDevices;
      const codes: number[] = [];
      // A few guesses from each of many addresses: no address reaches its own limit.
      for (let i = 0; i < failures; i++)
        codes.push(
          (await adminLogin(admin.email, `guess ${i}`, `192.0.2.${Math.floor(i / 4) + 1}`)).statusCode,
        );
      expect(codes).toEqual(Array(failures).fill(401));
      expect((await adminLogin(admin.email, ADMIN_PASSWORD, someAddress())).statusCode).toBe(429);
      // The administrator's own browser signs in, from wherever it is.
      const own = await ctx.app.inject({
        method: 'POST',
        url: ADMIN_LOGIN,
        payload: { email: admin.email, password: ADMIN_PASSWORD },
        remoteAddress: someAddress(),
        cookies: { admin_device: device!.value },
      });
      expect(own.statusCode, own.body).toBe(200);
      // A cookie made for another administrator does not count as this one's browser.
      const other = await createTestAccount(ctx.app, { role: 'admin', password: ADMIN_PASSWORD });
      const stolen = await ctx.app.inject({
        method: 'POST',
        url: ADMIN_LOGIN,
        payload: { email: other.email, password: 'wrong' },
        remoteAddress: someAddress(),
        cookies: { admin_device: device!.value },
      });
      expect(stolen.statusCode).toBe(401);
      expect((await auditActions(admin.id)).filter((a) => a === 'admin_sign_in_locked')).toHaveLength(1);

      // Mailed once per lock-out, to the administrator and to the others, with where the guesses came from and never what was typed.
      const lockMails = async (email: string, subject: string) =>
        (await mailsTo(ctx.app, email, 0)).filter((m) => m.subject === subject);
      const ownSubject = 'Your administrator account was locked after wrong passwords';
      const othersSubject = "Locked Admin's administrator account was locked after wrong passwords";
      await expect
        .poll(async () => (await lockMails(admin.email, ownSubject)).length, { timeout: 10_000 })
        .toBe(1);
      await expect
        .poll(async () => (await lockMails(colleague.email, othersSubject)).length, { timeout: 10_000 })
        .toBe(1);
      const [own_] = await lockMails(admin.email, ownSubject);
      const [told] = await lockMails(colleague.email, othersSubject);
      for (const mail of [own_!, told!]) {
        expect(mail.text).toContain(`${failures} wrong passwords`);
        // Four guesses from each of 192.0.2.1 to 192.0.2.12, two from 192.0.2.13.
        expect(mail.text).toContain('192.0.2.1 (4 times)');
        expect(mail.text).toContain('192.0.2.13 (2 times)');
        expect(mail.text).not.toMatch(/guess \d/);
      }

      // The audit list shows each entry's address.
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/audit-log?member=${admin.id}&pageSize=100`,
        headers: await signInAs(ctx.app, colleague.id),
      });
      expect(list.statusCode, list.body).toBe(200);
      const items = list.json().items as { action: string; address: string | null }[];
      const failed = items.filter((i) => i.action === 'admin_sign_in_failed');
      expect(failed).toHaveLength(failures);
      expect(new Set(failed.map((i) => i.address))).toEqual(
        new Set(Array.from({ length: 13 }, (_, i) => `192.0.2.${i + 1}`)),
      );
      expect(items.find((i) => i.action === 'admin_sign_in_locked')).toMatchObject({
        address: expect.stringMatching(/^192\.0\.2\./),
      });
      expect(
        items.filter((i) => i.action === 'admin_sign_in').every((i) => typeof i.address === 'string'),
      ).toBe(true);
    },
  );

  it('limits one address trying many accounts', async () => {
    const address = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: loginPath.welcomeback,
        payload: { email: uniqueEmail('spray'), password: 'password1' },
        remoteAddress: address,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('limits sign-ups per email and per address', async () => {
    const email = uniqueEmail('again');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: signupPath.welcomeback,
        payload: signupBody({ email }),
        remoteAddress: someAddress(),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 409, 409, 409, 409, 429]);

    const address = someAddress();
    const fromOne: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: signupPath.main,
        payload: signupBody(),
        remoteAddress: address,
      });
      fromOne.push(res.statusCode);
    }
    expect(fromOne.slice(0, 60).every((c) => c === 201)).toBe(true);
    expect(fromOne[60]).toBe(429);
  });

  it('limits forgot-password mails per email, with the same answer until then', async () => {
    const account = await confirmedAccount(ctx.app, 'welcomeback');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: forgotPath.welcomeback,
        payload: { email: account.email },
        remoteAddress: someAddress(),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const address = someAddress();
    const fromOne: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: forgotPath.main,
        payload: { email: uniqueEmail() },
        remoteAddress: address,
      });
      fromOne.push(res.statusCode);
    }
    expect(fromOne.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(fromOne[30]).toBe(429);
  });
});
