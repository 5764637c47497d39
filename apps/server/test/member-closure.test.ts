import { describe, expect, it } from 'vitest';
import { addBusinessDays } from '../src/modules/closure/business-days';
import { closeDueAccounts } from '../src/modules/closure/closure-service';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';
import { paidMember } from './member-test-kit';

describe('business days', () => {
  it('skips weekends', () => {
    // Friday 20 November 2026 + 7 business days = Tuesday 1 December 2026.
    expect(addBusinessDays(new Date('2026-11-20T10:00:00Z'), 7).toISOString()).toBe(
      '2026-12-01T10:00:00.000Z',
    );
    // Saturday counts from the following Monday.
    expect(addBusinessDays(new Date('2026-11-21T10:00:00Z'), 1).toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-23T10:00:00Z'), 0).toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
  });
});

describeEachDatabase('account closure', (database) => {
  const ctx = useTestApp(database);
  const mailsTo = async (email: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/dev/mail?to=${email}` })).json() as {
      subject: string;
      links: string[];
    }[];
  const tokenIn = (link: string) => new URL(link).searchParams.get('token')!;

  it('asks by mail, takes effect 7 business days after confirmation, and ends the sessions then', async () => {
    const member = await paidMember(ctx.app, 'main', { fullName: 'Leaving Member' });
    const asked = await ctx.app.inject({ method: 'POST', url: '/api/me/close', headers: member.headers });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toContain(member.account.email);
    const [mail] = await mailsTo(member.account.email);
    expect(mail!.subject).toBe('Confirm the closure of your account');
    const link = mail!.links.find((l) => l.includes('/confirmclosure?token='))!;
    expect(link.startsWith('http://127.0.0.1:3000/confirmclosure?token=')).toBe(true);

    // Nothing happens before the confirmation.
    expect(await closeDueAccounts(ctx.app.db, new Date(Date.now() + 30 * 86400_000))).toBe(0);
    const status = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/close', headers: member.headers })
    ).json();
    expect(status).toMatchObject({ confirmedAt: null, effectiveAt: null, closed: false });
    expect(status.requestedAt).not.toBeNull();

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-closure',
      payload: { token: tokenIn(link) },
    });
    expect(confirmed.statusCode).toBe(200);
    const effectiveAt = new Date(confirmed.json().effectiveAt);
    expect(effectiveAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 8 * 86400_000);
    expect(effectiveAt.getTime()).toBeLessThanOrEqual(Date.now() + 11 * 86400_000);

    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-closure',
      payload: { token: tokenIn(link) },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      'This confirmation link is not valid or has expired. Ask for a new one from your account.',
    );
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/me/close', headers: member.headers })).statusCode,
    ).toBe(409);

    // Still open until the day comes.
    expect(await closeDueAccounts(ctx.app.db, new Date(effectiveAt.getTime() - 60_000))).toBe(0);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: member.headers })).statusCode,
    ).toBe(200);

    expect(await closeDueAccounts(ctx.app.db, effectiveAt)).toBe(1);
    expect(await closeDueAccounts(ctx.app.db, effectiveAt)).toBe(0);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: member.headers })).statusCode,
    ).toBe(401);
  });

  it('a new request spends the earlier link; a made-up token is refused', async () => {
    const member = await paidMember(ctx.app, 'welcomeback');
    await ctx.app.inject({ method: 'POST', url: '/api/me/close', headers: member.headers });
    await ctx.app.inject({ method: 'POST', url: '/api/me/close', headers: member.headers });
    const [latest, earlier] = await mailsTo(member.account.email);
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-closure',
      payload: { token: tokenIn(earlier!.links[0]!) },
    });
    expect(old.statusCode).toBe(400);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-closure',
      payload: { token: 'x'.repeat(43) },
    });
    expect(made.statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-closure',
          payload: { token: tokenIn(latest!.links[0]!) },
        })
      ).statusCode,
    ).toBe(200);
  });
});
