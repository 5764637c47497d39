/**
 * npm run bench:matrix — what one join costs as the matrix grows.
 * For each size, a fresh database is filled to that many members with the state the in-memory engine
 * (same rules) computes, loaded in bulk; then joins go through the real activate-position, one
 * transaction each, with random sponsors, and the mean cost per join is printed. PGlite always;
 * PostgreSQL too when DATABASE_URL is set (a throwaway database is created there and dropped).
 * Last, the pure engine runs 1,000,000 joins.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { createMemoryMatrix, simulate } from '@coop/core';
import { openDatabase, type Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { activate } from '../test/engine-test-kit';
import { openThrowawayPostgres } from '../test/throwaway-postgres';

const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const measuredJoins = Number(process.env.BENCH_JOINS ?? 300);
const rng = xoroshiro128plus(42);
const randomInt = (max: number) => uniformInt(rng, 0, max - 1);

async function fill(database: Database, members: number) {
  const matrix = createMemoryMatrix('main');
  const sponsors: (number | null)[] = [null];
  for (let account = 1; account <= members; account += 1) {
    const sponsor = account === 1 ? null : 1 + randomInt(account - 1);
    sponsors[account] = sponsor;
    matrix.join(account, sponsor);
  }
  const [root] = await queryRows<{ id: string }>(
    database.db,
    sql`select id from positions where programme = 'main' and parent_id is null`,
  );
  const rootId = Number(root!.id);
  const offset = 1000; // leaves room for the roots the migration made
  const idOf = (p: number) => (p === 0 ? rootId : offset + p);
  const accountIds = Array.from({ length: members + 1 }, () => randomUUID());
  const window = matrix.plan.stages.length;
  const batch = 1000;
  for (let from = 1; from <= members; from += batch) {
    const to = Math.min(members, from + batch - 1);
    const accountRows = [];
    const positionRows = [];
    for (let p = from; p <= to; p += 1) {
      const v = matrix.position(p);
      const code = randomBytes(6).toString('hex').toUpperCase();
      const sponsorAccount = sponsors[p];
      accountRows.push(
        sql`(${accountIds[p]}, 'main', ${`bench${p}@example.com`}, ${`Member ${p}`}, '08030000000', 'Lagos', 'x', ${code}, ${sponsorAccount ? accountIds[sponsorAccount]! : null}, now())`,
      );
      const ancestors: number[] = [];
      for (let a = v.parent; a !== null && ancestors.length < window; a = matrix.position(a).parent)
        ancestors.push(idOf(a));
      const slot = matrix.position(v.parent!).children[0] === p ? 0 : 1;
      const sponsorPosition = sponsorAccount ? idOf(sponsorAccount) : null;
      positionRows.push(
        sql`(${idOf(p)}, 'main', ${accountIds[p]}, ${sponsorPosition}, ${idOf(v.parent!)}, ${slot}, ${v.depth}, ${v.fullDepth},
             ${sql.raw(`'{${v.levelCounts.join(',')}}'::int[]`)}, ${sql.raw(`'{${ancestors.join(',')}}'::bigint[]`)},
             ${v.directReferrals}, ${v.referralBonusesPaid}, ${v.stage}, 1, ${matrix.plan.version}, ${`bench-${p}`})`,
      );
    }
    await database.db.execute(
      sql`insert into accounts (id, programme, email, full_name, phone, address, password_hash, referral_code, sponsor_account_id, email_confirmed_at) values ${sql.join(accountRows, sql`, `)}`,
    );
    await database.db.execute(
      sql`insert into positions (id, programme, account_id, sponsor_position_id, parent_id, slot, depth, full_depth, level_counts, ancestors,
            direct_referrals, referral_bonuses_paid, stage, cycle, plan_version, payment_reference)
          overriding system value values ${sql.join(positionRows, sql`, `)}`,
    );
  }
  const r = matrix.position(0);
  await database.db.execute(
    sql`update positions set full_depth = ${r.fullDepth}, level_counts = ${sql.raw(`'{${r.levelCounts.join(',')}}'::int[]`)} where id = ${rootId}`,
  );
  await database.db.execute(
    sql`select setval(pg_get_serial_sequence('positions', 'id'), ${offset + members})`,
  );
  // A live database has statistics for its tables; without them the planner guesses from an empty table and
  // autovacuum runs in the middle of the timed joins.
  await database.db.execute(sql`analyze`);
  return accountIds.slice(1);
}

async function measure(database: Database, accountIds: string[]) {
  // New accounts, each sponsored by a random existing member, created before timing starts.
  const joiners: string[] = [];
  for (let i = 0; i < measuredJoins; i += 1) {
    const id = randomUUID();
    const sponsor = accountIds[randomInt(accountIds.length)]!;
    await database.db.execute(
      sql`insert into accounts (id, programme, email, full_name, phone, address, password_hash, referral_code, sponsor_account_id, email_confirmed_at)
          values (${id}, 'main', ${`join-${id}@example.com`}, 'Newcomer', '08030000000', 'Lagos', 'x', ${randomBytes(6).toString('hex').toUpperCase()}, ${sponsor}, now())`,
    );
    joiners.push(id);
  }
  for (const id of joiners.slice(0, 20)) await activate(database.db, 'main', id); // warm up
  const started = performance.now();
  for (const id of joiners.slice(20)) {
    const result = await activate(database.db, 'main', id);
    if (result.status !== 'placed') throw new Error(`join refused: ${result.status}`);
  }
  return (performance.now() - started) / (joiners.length - 20);
}

const engines: Array<{ name: string; open: () => Promise<Database> }> = [
  { name: 'PGlite', open: () => openDatabase({ memory: true }) },
];
if (process.env.DATABASE_URL)
  engines.push({
    name: 'PostgreSQL',
    open: () => openThrowawayPostgres(process.env.DATABASE_URL!, { prefix: 'bench' }),
  });

for (const engine of engines) {
  console.log(
    `\n${engine.name}: mean cost of one join through activate-position (${measuredJoins - 20} timed joins per size)`,
  );
  let baseline = 0;
  for (const size of sizes) {
    const database = await engine.open();
    try {
      const fillStarted = performance.now();
      const accountIds = await fill(database, size);
      const fillSeconds = (performance.now() - fillStarted) / 1000;
      const ms = await measure(database, accountIds);
      baseline ||= ms;
      console.log(
        `  ${String(size).padStart(7)} members: ${ms.toFixed(2)} ms per join (x${(ms / baseline).toFixed(2)} the cost at ${sizes[0]}; filled in ${fillSeconds.toFixed(1)} s)`,
      );
    } finally {
      await database.close();
    }
  }
}

const started = performance.now();
simulate({ programme: 'main', joins: 1_000_000, referrals: 'random', randomInt });
const seconds = (performance.now() - started) / 1000;
console.log(
  `\nPure engine: 1,000,000 joins in ${seconds.toFixed(2)} s (${((seconds * 1e6) / 1_000_000).toFixed(2)} µs per join)`,
);
