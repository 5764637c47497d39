import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openTestPglite } from './databases';
import { testConfig } from './app';
import { paidMember, paidReferrals } from './member-test-kit';

/**
 * The member's reads are one round trip each beside the access check, the dashboard one in all (decision 0015): a figure group that
 * slips back into its own query shows here as a count, long before it shows as a slow dashboard.
 */
describe('round trips per member read', () => {
  it('the dashboard is one statement, the matrix three and the wallet history two, once warm', async () => {
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
      const res = await app.inject({ method: 'GET', url: '/api/me?programme=main', headers: sponsor.headers });
      counting = false;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ referralCount: 3, referralNode: 3, transaction_counts: 3 });
      // The route confirms its session and reads the version of the figures it keeps in one statement
      // (sessionCheckedInRead); the figures have not moved since the first call, so nothing else is read.
      expect(queries).toHaveLength(1);

      // The matrix: the access check, the member's position with the next level's count, the walk down; however
      // many levels are asked for, and for a deeper part too (the walk up that proves it is the member's is in it).
      const matrix = async (url: string) => {
        await app.inject({ method: 'GET', url, headers: sponsor.headers });
        queries.length = 0;
        counting = true;
        const answer = await app.inject({ method: 'GET', url, headers: sponsor.headers });
        counting = false;
        expect(answer.statusCode).toBe(200);
        return answer.json<{ nodes: Array<{ positionId: number; level: number }> }>();
      };
      const whole = await matrix('/api/me/matrix?levels=4');
      expect(whole.nodes.length).toBe(4);
      expect(queries).toHaveLength(3);
      const child = whole.nodes.find((n) => n.level === 1)!;
      await matrix(`/api/me/matrix?from=${child.positionId}&levels=2`);
      expect(queries).toHaveLength(3);

      // The wallet history: the access check and one statement for the page and its total.
      await app.inject({ method: 'GET', url: '/api/me/wallet-history?kind=referral', headers: sponsor.headers });
      queries.length = 0;
      counting = true;
      const history = await app.inject({ method: 'GET', url: '/api/me/wallet-history?kind=referral', headers: sponsor.headers });
      counting = false;
      expect(history.statusCode).toBe(200);
      expect(history.json()).toMatchObject({ total: 2 }); // Main pays a referral bonus for the first two referrals
      expect(queries).toHaveLength(2);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
