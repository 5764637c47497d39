import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';

type Entry = { action: string; actorEmail: string | null; targetEmail: string | null; createdAt: string };

describeEachDatabase('the audit log, filtered', (database) => {
  const ctx = useTestApp(database);
  let admin: Record<string, string>;
  const people = {} as Record<'checker' | 'maker' | 'ada' | 'bola', { id: string; email: string }>;

  beforeAll(async () => {
    people.checker = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Chidi Checker' });
    people.maker = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Mariam Maker' });
    people.ada = await createTestAccount(ctx.app, { fullName: 'Ada Obi' });
    people.bola = await createTestAccount(ctx.app, { fullName: 'Bola 100%_Sure' });
    admin = await signInAs(ctx.app, people.checker.id);
    // Written with their times: 2026-03-01 23:30 in Lagos is still 1 March there (22:30 UTC).
    await ctx.app.db
      .execute(sql`insert into audit_log (actor_account_id, action, target_account_id, details, created_at) values
      (${people.maker.id}, 'account_suspended', ${people.ada.id}, '{}', '2026-03-01T22:30:00Z'),
      (${people.checker.id}, 'account_reinstated', ${people.ada.id}, '{}', '2026-03-02T09:00:00Z'),
      (${people.maker.id}, 'cash_out', ${people.bola.id}, '{}', '2026-03-02T10:00:00Z'),
      (null, 'admin_sign_in_failed', ${people.checker.id}, '{}', '2026-03-03T10:00:00Z')`);
  });

  const list = async (query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?pageSize=100&${query}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; items: Entry[]; actions: string[] };
  };

  it('narrows by member (account id, email or name), action, actor and Lagos days, and counts what it shows', async () => {
    const byId = await list(`member=${people.ada.id}`);
    expect(byId.items.map((e) => e.action)).toEqual(['account_reinstated', 'account_suspended']);
    expect(byId.total).toBe(2);
    expect((await list(`member=${encodeURIComponent(people.ada.email.toUpperCase())}`)).items).toHaveLength(
      2,
    );
    expect((await list('member=ada%20obi')).items).toHaveLength(2);
    // % and _ are letters in a search, not wildcards.
    expect((await list(`member=${encodeURIComponent('100%_S')}`)).items.map((e) => e.targetEmail)).toEqual([
      people.bola.email,
    ]);
    expect((await list(`member=${encodeURIComponent('%')}`)).items.map((e) => e.targetEmail)).toEqual([
      people.bola.email,
    ]);

    expect((await list('action=cash_out')).items.map((e) => e.targetEmail)).toEqual([people.bola.email]);
    const byMaker = await list('actor=mariam');
    expect(byMaker.items.map((e) => e.action)).toEqual(['cash_out', 'account_suspended']);
    expect((await list(`actor=mariam&member=${people.ada.id}`)).items.map((e) => e.action)).toEqual([
      'account_suspended',
    ]);

    expect((await list('from=2026-03-01&to=2026-03-01')).items.map((e) => e.action)).toEqual([
      'account_suspended',
    ]);
    expect((await list('from=2026-03-02&to=2026-03-02')).items.map((e) => e.action)).toEqual([
      'cash_out',
      'account_reinstated',
    ]);
    expect((await list('from=2026-03-03')).items.map((e) => e.action)).toContain('admin_sign_in_failed');
    expect((await list('to=2026-03-01&from=')).items.map((e) => e.action)).toEqual(['account_suspended']);

    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.actions).toEqual(
      expect.arrayContaining(['account_reinstated', 'account_suspended', 'admin_sign_in_failed', 'cash_out']),
    );
  });

  it('refuses a period that ends before it starts', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?from=2026-03-02&to=2026-03-01',
      headers: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('The period must end on or after its first day');
  });
});
