import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openTestPglite } from './databases';
import { testConfig } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { activate, createAccount } from './engine-test-kit';
import { paidMember, paidReferrals } from './member-test-kit';

/**
 * The member's reads are one round trip each, the access check inside it (decisions 0015, 0034): a figure group that
 * slips back into its own query shows here as a count, long before it shows as a slow dashboard.
 */
describe('round trips per member read', () => {
  it('the dashboard, the matrix, the awards and the wallet history are one statement each, the search two, once warm', async () => {
    const queries: string[] = [];
    let counting = false;
    const database = await openTestPglite({ onQuery: (q) => counting && queries.push(q) });
    const app = await buildApp(testConfig(), { database });
    try {
      await app.ready();
      const sponsor = await paidMember(app, 'main', { fullName: 'Ada Obi' });
      await paidReferrals(app, 'main', sponsor.account.id, 3);
      // The first call prepares its statements and keeps the figures; from the second on, each call is this.
      await app.inject({ method: 'GET', url: '/api/me?programme=main', headers: sponsor.headers });
      counting = true;
      const res = await app.inject({
        method: 'GET',
        url: '/api/me?programme=main',
        headers: sponsor.headers,
      });
      counting = false;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ referralCount: 3, referralNode: 3, transaction_counts: 3 });
      // The route confirms its session and reads the version of the figures it keeps in one statement
      // (sessionCheckedInRead); the figures have not moved since the first call, so nothing else is read.
      expect(queries).toHaveLength(1);

      // The matrix, once read: the access check, the member's position with the next level's kept count and the matrix
      // version in one statement, however many levels are asked for, and for a deeper part too (decision 0036).
      const matrix = async (url: string) => {
        await app.inject({ method: 'GET', url, headers: sponsor.headers });
        queries.length = 0;
        counting = true;
        const answer = await app.inject({ method: 'GET', url, headers: sponsor.headers });
        counting = false;
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<{ nodes: Array<{ positionId: number; level: number }> }>();
      };
      const whole = await matrix('/api/me/matrix?levels=4');
      expect(whole.nodes.length).toBe(4);
      expect(queries).toHaveLength(1);
      const child = whole.nodes.find((n) => n.level === 1)!;
      await matrix(`/api/me/matrix?from=${child.positionId}&levels=2`);
      expect(queries).toHaveLength(1);
      // The search keeps the hook's access check (a search without a name is refused only once the session is known
      // live), then one statement whatever the depth.
      const found = await matrix('/api/me/matrix/search?name=friend');
      expect((found as unknown as { people: unknown[] }).people).toHaveLength(3);
      expect(queries).toHaveLength(2);
      // The awards come with the kept figures of the dashboard.
      await matrix('/api/me/awards');
      expect(queries).toHaveLength(1);

      // The wallet history, once read: the access check and the versions the page was kept at, in one statement.
      await app.inject({
        method: 'GET',
        url: '/api/me/wallet-history?kind=referral',
        headers: sponsor.headers,
      });
      queries.length = 0;
      counting = true;
      const history = await app.inject({
        method: 'GET',
        url: '/api/me/wallet-history?kind=referral',
        headers: sponsor.headers,
      });
      counting = false;
      expect(history.statusCode).toBe(200);
      expect(history.json()).toMatchObject({ total: 2 }); // Main pays a referral bonus for the first two referrals
      expect(queries).toHaveLength(1);

      // The admin dashboard's three calls: the session and the version of the kept admin figures, one statement each.
      const admin = await signInAs(app, (await createTestAccount(app, { role: 'admin' })).id);
      for (const url of [
        '/api/admin/adminTransactionAmount',
        '/api/admin/countUsers',
        '/api/admin/transactions/latest',
      ]) {
        await app.inject({ method: 'GET', url, headers: admin });
        queries.length = 0;
        counting = true;
        const answer = await app.inject({ method: 'GET', url, headers: admin });
        counting = false;
        expect(answer.statusCode, url).toBe(200);
        expect(queries, url).toHaveLength(1);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('a matrix read counts the same statements at depth 2 as at depth 6', async () => {
    const queries: string[] = [];
    let counting = false;
    const database = await openTestPglite({ onQuery: (q) => counting && queries.push(q) });
    const app = await buildApp(testConfig(), { database });
    try {
      await app.ready();
      // A line of seven under the member, each sponsored by the one above: each stands alone under its sponsor.
      const top = await paidMember(app, 'main', { fullName: 'Chidi Eze' });
      let sponsor = top.account.id;
      const line: number[] = [];
      for (let i = 1; i <= 7; i++) {
        const id = await createAccount(app.db, 'main', sponsor, `Line Member${i}`);
        const placed = await activate(app.db, 'main', id);
        if (placed.status !== 'placed') throw new Error('activation refused');
        line.push(placed.positionId);
        sponsor = id;
      }
      // The first read of a part walks it (the server keeps nothing of it yet); prepare the statements first.
      await app.inject({ method: 'GET', url: '/api/me/matrix?levels=1', headers: top.headers });
      const statementsOf = async (url: string) => {
        queries.length = 0;
        counting = true;
        const answer = await app.inject({ method: 'GET', url, headers: top.headers });
        counting = false;
        expect(answer.statusCode).toBe(200);
        const body = answer.json<{ nodes: Array<{ positionId: number; level: number }> }>();
        return { count: queries.length, nodes: body.nodes };
      };
      // line[1] stands two levels below the member, line[5] six.
      const atTwo = await statementsOf(`/api/me/matrix?from=${line[1]}&levels=4`);
      const atSix = await statementsOf(`/api/me/matrix?from=${line[5]}&levels=4`);
      expect(atTwo.nodes.map((n) => n.positionId)).toEqual(line.slice(1, 6));
      expect(atSix.nodes.map((n) => n.positionId)).toEqual(line.slice(5));
      // The session with the matrix version, then the walk down: two statements at either depth.
      expect(atTwo.count).toBe(atSix.count);
      expect(atSix.count).toBe(2);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
