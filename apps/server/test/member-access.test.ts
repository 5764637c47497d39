import { expect, it } from 'vitest';
import { useTestApp } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { describeEachDatabase } from './databases';
import { paidMember, paidReferrals } from './member-test-kit';

/** A member sees only their own data: no member route takes an id or email that could name someone else. */
describeEachDatabase('member area: one member cannot read another', (database) => {
  const ctx = useTestApp(database);
  const get = (headers: Record<string, string> | undefined, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it('every member route needs a valid access token', async () => {
    for (const url of [
      '/api/me',
      '/api/me/wallet-history',
      '/api/me/matrix',
      '/api/me/awards',
      '/api/me/grant',
      '/api/me/close',
    ]) {
      const res = await get(undefined, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
      expect((await get({ authorization: 'Bearer not-a-token' }, url)).statusCode, url).toBe(401);
    }
  });

  it('the matrix refuses a position outside the member’s own subtree, and opens one inside it', async () => {
    const ada = await paidMember(ctx.app, 'main', { fullName: 'Ada Obi' });
    const [bola] = await paidReferrals(ctx.app, 'main', ada.account.id, 2);
    const stranger = await paidMember(ctx.app, 'main', { fullName: 'Stranger Danger' });

    const own = await get(ada.headers, '/api/me/matrix');
    expect(own.statusCode).toBe(200);
    expect(own.json().nodes.map((n: { initials: string }) => n.initials)).toEqual(['AO', 'FN', 'FN']);

    const inside = await get(ada.headers, `/api/me/matrix?from=${bola!.positionId}`);
    expect(inside.statusCode).toBe(200);
    expect(inside.json().rootPositionId).toBe(bola!.positionId);

    for (const from of [stranger.positionId, ada.positionId, 1]) {
      if (from === ada.positionId) continue;
      const res = await get(bola!.headers, `/api/me/matrix?from=${from}`);
      expect(res.statusCode, `from=${from}`).toBe(403);
      expect(res.json().message).toBe('That position is not in your matrix.');
    }
    // Bola's sponsor is above Bola: not in Bola's matrix either.
    expect((await get(bola!.headers, `/api/me/matrix?from=${ada.positionId}`)).statusCode).toBe(403);
  });

  it('wallet history, awards and the dashboard ignore any id or email put in the call', async () => {
    const rich = await paidMember(ctx.app, 'main', { fullName: 'Rich Member' });
    await paidReferrals(ctx.app, 'main', rich.account.id, 2);
    const poor = await paidMember(ctx.app, 'main', { fullName: 'Poor Member' });
    const tries = [
      `/api/me/wallet-history?accountId=${rich.account.id}`,
      `/api/me/wallet-history?email=${rich.account.email}`,
      `/api/me?email=${rich.account.email}`,
      `/api/me?id=${rich.account.id}`,
    ];
    for (const url of tries) {
      const res = await get(poor.headers, url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      if ('items' in body) expect(body.total, url).toBe(0);
      else expect(body).toMatchObject({ email: poor.account.email, wallet: '0.00' });
    }
    expect((await get(rich.headers, '/api/me/wallet-history')).json().total).toBe(3);
  });

  it('a Main session cannot read the Welcome Back dashboard of the same person, and the reverse', async () => {
    const main = await createTestAccount(ctx.app, { programme: 'main', email: 'same@example.com' });
    const wb = await createTestAccount(ctx.app, { programme: 'welcomeback', email: 'same@example.com' });
    const mainRes = await get(await signInAs(ctx.app, main.id), '/api/me?programme=welcomeback');
    expect(mainRes.statusCode).toBe(403);
    expect(mainRes.json().message).toBe(
      'You are signed in to the Main platform. Sign in to the other platform to see it.',
    );
    expect((await get(await signInAs(ctx.app, wb.id), '/api/me?programme=main')).statusCode).toBe(403);
  });

  it('admin look-ups and grant decisions refuse members', async () => {
    const member = await paidMember(ctx.app, 'main');
    for (const [method, url] of [
      ['GET', '/api/admin/viewMainUser'],
      ['GET', `/api/admin/toViewUser/${member.account.email}`],
      ['GET', `/api/admin/toWelcomeBackUser/${member.account.email}`],
      ['GET', '/api/admin/grants'],
      ['PUT', '/api/admin/grants/1'],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: member.headers,
        payload: method === 'PUT' ? { decision: 'approved' } : undefined,
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This needs an administrator account.');
    }
  });
});
