import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { TOLD_READS_APPLICATION } from '../src/db/told-reads';
import { testConfig } from './app';
import { createTestAccount, signInAs } from './accounts-kit';
import { paidMember } from './member-test-kit';
import { TEST_METRICS_TOKEN, scrape, valueOf } from './metrics-kit';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-postgres';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Decision 0064 on PostgreSQL: two instances of the platform on one database, as behind the load balancer. Instance A
 * keeps its members' hot reads; whatever changes them (instance B, or an operator's SQL) is seen by A's very next call.
 * PGlite has one process and no kept reads, so there is nothing of this to try there.
 */
describe.skipIf(!serverUrl)('hot reads kept by each instance and told by PostgreSQL [postgres]', () => {
  let throwaway: ThrowawayDatabase;
  let databases: Database[] = [];
  let a: App;
  let b: App;
  let operator: pg.Client;
  const statementsOfA: string[] = [];
  let counting = false;

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase(serverUrl!, { template: inject('postgresTemplate') });
    databases = [
      await openDatabase({ databaseUrl: throwaway.url, onQuery: (q) => counting && statementsOfA.push(q) }),
      await openDatabase({ databaseUrl: throwaway.url }),
    ];
    const build = (database: Database) =>
      buildApp(testConfig({ METRICS_TOKEN: TEST_METRICS_TOKEN }), { database });
    a = await build(databases[0]!);
    b = await build(databases[1]!);
    await Promise.all([a.ready(), b.ready()]);
    operator = new pg.Client({ connectionString: throwaway.url });
    await operator.connect();
  });
  afterAll(async () => {
    await operator?.end();
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(databases.map((d) => d.close()));
    await throwaway?.drop();
  });

  /** The call on A, with the statements A's pool sent for it. */
  const onA = async (url: string, headers: Record<string, string>) => {
    statementsOfA.length = 0;
    counting = true;
    const res = await a.inject({ method: 'GET', url, headers });
    counting = false;
    return { res, statements: [...statementsOfA] };
  };

  it('answers a warm read without a statement of the pool, and moves at once when B places a member under it', async () => {
    const sponsor = await paidMember(a, 'main', { fullName: 'Ada Obi' });
    await onA('/api/me?programme=main', sponsor.headers);
    const warm = await onA('/api/me?programme=main', sponsor.headers);
    expect(warm.res.statusCode).toBe(200);
    expect(warm.statements).toEqual([]);
    expect(warm.res.json()).toMatchObject({ referralCount: 0 });
    await onA('/api/me/matrix?levels=2', sponsor.headers);
    expect((await onA('/api/me/matrix?levels=2', sponsor.headers)).statements).toEqual([]);

    for (let i = 1; i <= 3; i++) {
      await paidMember(b, 'main', { fullName: `Friend Number${i}`, sponsorAccountId: sponsor.account.id });
      const dashboard = await onA('/api/me?programme=main', sponsor.headers);
      expect(dashboard.res.json()).toMatchObject({ referralCount: i, referralNode: i });
      const matrix = await onA('/api/me/matrix?levels=2', sponsor.headers);
      expect(matrix.res.json<{ nodes: unknown[] }>().nodes).toHaveLength(i + 1);
    }
  });

  it("ends a session on A at once when B signs it out, an operator's SQL suspends the account or revokes the session", async () => {
    for (let round = 0; round < 12; round++) {
      const member = await createTestAccount(a, { programme: 'main' });
      const headers = await signInAs(a, member.id);
      await onA('/api/me?programme=main', headers);
      expect((await onA('/api/me?programme=main', headers)).statements).toEqual([]);
      if (round % 3 === 0) {
        const out = await b.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers,
          payload: { programme: 'main' },
        });
        expect(out.statusCode).toBe(200);
      } else if (round % 3 === 1) {
        await operator.query(`update accounts set status = 'suspended' where id = $1`, [member.id]);
      } else {
        await operator.query(`update sessions set revoked_at = now() where account_id = $1`, [member.id]);
      }
      const after = await onA('/api/me?programme=main', headers);
      expect([401, 403], `round ${round}: ${after.res.body}`).toContain(after.res.statusCode);
    }
  });

  it('reads the database while its listening connection is cut, and keeps reads again once it listens again', async () => {
    const member = await createTestAccount(a, { programme: 'main' });
    const headers = await signInAs(a, member.id);
    await onA('/api/me?programme=main', headers);
    expect((await onA('/api/me?programme=main', headers)).statements).toEqual([]);
    const listening = async () => valueOf((await scrape(a)).samples, 'coop_told_reads_listening');
    expect(await listening()).toBe(1);
    const cut = await operator.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()`,
      [TOLD_READS_APPLICATION],
    );
    // One listener per instance.
    expect(cut.rowCount).toBe(2);
    await operator.query(`update sessions set revoked_at = now() where account_id = $1`, [member.id]);
    expect((await onA('/api/me?programme=main', headers)).res.statusCode).toBe(401);
    // The first new connection is taken 0.5 s after the loss: until then the gauge says so.
    expect(await listening()).toBe(0);

    const again = await signInAs(a, member.id);
    const deadline = Date.now() + 15_000;
    let kept = false;
    while (!kept && Date.now() < deadline) {
      await onA('/api/me?programme=main', again);
      kept = (await onA('/api/me?programme=main', again)).statements.length === 0;
      if (!kept) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(kept).toBe(true);
    expect(await listening()).toBe(1);
    await b.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: again,
      payload: { programme: 'main' },
    });
    expect((await onA('/api/me?programme=main', again)).res.statusCode).toBe(401);
  });
});
