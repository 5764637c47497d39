import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namingClient, statementNamer } from './statement-names';

describe('statementNamer', () => {
  it('names a statement from its second sighting, always by the same name', () => {
    const nameFor = statementNamer(10);
    const text = 'select id from positions where account_id = $1';
    expect(nameFor(text)).toBeUndefined();
    const name = nameFor(text);
    expect(name).toMatch(/^coop_s\d+$/);
    expect(nameFor(text)).toBe(name);
    expect(nameFor('select id from positions where parent_id = $1')).toBeUndefined();
    expect(nameFor('select id from positions where parent_id = $1')).not.toBe(name);
  });

  it('never names a statement that selects or returns *, whose shape a migration changes; count(*) and products are named', () => {
    const nameFor = statementNamer(10);
    for (const text of [
      'select * from positions where id = $1',
      'update positions set stage = $1 where id = $2 returning *',
      'update positions p set stage = $1 from x where p.id = x.id returning p.*',
      'select positions.* from positions join below using (id) where id = $1',
      'select a, "p".* from p where id = $1',
    ]) {
      nameFor(text);
      expect(nameFor(text), text).toBeUndefined();
    }
    for (const text of [
      'select count(*) from positions where programme = $1',
      "insert into rate_limit_counters (key, hits, window_ends_at) values ($1, 1, now() + $2 * interval '1 second')",
    ]) {
      nameFor(text);
      expect(nameFor(text), text).toBeDefined();
    }
  });

  it('names at most `limit` texts; one-offs are forgotten and do not take a place', () => {
    const nameFor = statementNamer(3);
    for (let i = 0; i < 100; i++) nameFor(`select ${i} where $1`);
    const named = ['a', 'b', 'c', 'd'].map(
      (t) => (nameFor(`select '${t}', $1`), nameFor(`select '${t}', $1`)),
    );
    expect(named.slice(0, 3).every((n) => n !== undefined)).toBe(true);
    expect(new Set(named.slice(0, 3)).size).toBe(3);
    expect(named[3]).toBeUndefined();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

/** The pool's connections as the platform makes them, on PostgreSQL: one connection, so one session to look into. */
describe.skipIf(!serverUrl)('the naming connection on PostgreSQL [postgres]', () => {
  let pool: pg.Pool;
  const prepared = async () =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );

  beforeAll(async () => {
    // A namer of its own: the process's is shared with the other test files of this worker.
    pool = new pg.Pool({ connectionString: serverUrl, max: 1, Client: namingClient(statementNamer(10)) });
    await pool.query('create temporary table naming_probe (a int)');
    await pool.query('insert into naming_probe values (1), (2)');
  });
  afterAll(async () => {
    await pool.end();
  });

  it('prepares a statement with parameters once it comes back, and answers as before', async () => {
    const text = 'select a from naming_probe where a >= $1 order by a';
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await pool.query(text, [1])).rows);
    expect(answers).toEqual([
      [{ a: 1 }, { a: 2 }],
      [{ a: 1 }, { a: 2 }],
      [{ a: 1 }, { a: 2 }],
    ]);
    expect(await prepared()).toContain(text);
  });

  it('keeps a named statement working when a migration adds a column; select * is never prepared', async () => {
    const named = 'select a from naming_probe where a = $1';
    const star = 'select * from naming_probe where a = $1';
    for (let i = 0; i < 2; i++) {
      await pool.query(named, [1]);
      await pool.query(star, [1]);
    }
    expect(await prepared()).toContain(named);
    expect(await prepared()).not.toContain(star);
    // What the next version's migration does during a rolling restart while this connection still serves.
    await pool.query('alter table naming_probe add column b int');
    expect((await pool.query(named, [1])).rows).toEqual([{ a: 1 }]);
    expect((await pool.query(star, [1])).rows).toEqual([{ a: 1, b: null }]);
  });

  it('leaves statements without parameters, and those already named, as they are', async () => {
    await pool.query('select 41 + 1 as n');
    await pool.query('select 41 + 1 as n');
    await pool.query({ name: 'chosen_name', text: 'select $1::int as n', values: [7] });
    const names = (await pool.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
      (r) => r.name,
    );
    expect(names).toContain('chosen_name');
    expect(await prepared()).not.toContain('select 41 + 1 as n');
  });
});
