/**
 * npm run bench:export — the server's memory while it streams a CSV export of 100,000 ledger lines.
 * A fresh database (PGlite in memory; a throwaway PostgreSQL database when DATABASE_URL is set) gets
 * BENCH_LINES generated journal lines; the real app listens on a loopback port; the script downloads
 * GET /api/admin/exports/journal as an administrator, reading the body as it arrives, and samples the
 * process's resident memory every 20 ms. It prints the idle figure, the peak and the peak above idle,
 * which must stay within 100 MB. The downloading client runs in the same process and keeps nothing.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { createTestAccount, signInAs } from '../test/accounts-kit';
import { openThrowawayPostgres } from '../test/throwaway-postgres';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const LIMIT_MB = 100;
const MB = 1024 * 1024;

async function open(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ memory: true });
  return openThrowawayPostgres(url, { prefix: 'bench' });
}

/** Balanced pairs (fee income against provider settlement), written in batches straight into the journal. */
async function generateLines(database: Database) {
  for (const key of ['fee_income:main', 'provider_settlement:main'])
    await database.db.execute(
      sql`insert into ledger_accounts (key, kind, programme) values (${key}, ${key.split(':')[0]!}, 'main') on conflict (key) do nothing`,
    );
  const entries = LINES / 2;
  const batch = 10_000;
  for (let from = 1; from <= entries; from += batch) {
    const to = Math.min(entries, from + batch - 1);
    await database.db.execute(sql`
      with e as (
        insert into journal_entries (kind, idempotency_key, programme, memo)
        select 'fee', 'bench-' || g, 'main', 'Registration fee of generated position ' || g from generate_series(${from}::int, ${to}::int) g returning id)
      insert into journal_lines (entry_id, ledger_account_id, amount_kobo)
      select e.id, a.id, case when a.kind = 'fee_income' then 5000000 else -5000000 end
      from e cross join (select id, kind from ledger_accounts where key in ('fee_income:main', 'provider_settlement:main')) a`);
  }
  const [row] = await queryRows<{ n: string }>(database.db, sql`select count(*) as n from journal_lines`);
  return Number(row!.n);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function main() {
  const database = await open();
  const app = await buildApp(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:3000' }),
    { database },
  );
  await app.ready();
  const lines = await generateLines(database);
  const admin = await createTestAccount(app, { role: 'admin' });
  const headers = await signInAs(app, admin.id);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  gc();
  await sleep(500);
  gc();
  let idle = 0;
  for (let i = 0; i < 5; i += 1) {
    idle = Math.max(idle, process.memoryUsage().rss);
    await sleep(100);
  }

  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const day = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  const started = performance.now();
  const response = await fetch(`${address}/api/admin/exports/journal?from=${day}&to=${day}`, { headers });
  if (!response.ok || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let newlines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) newlines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const above = (peak - idle) / MB;
  console.log(`database: ${database.kind}; journal lines in the database: ${lines}`);
  console.log(
    `exported rows: ${newlines - 1} (+ header), ${(bytes / MB).toFixed(1)} MB of CSV in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `resident memory: idle ${(idle / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB, peak above idle ${above.toFixed(1)} MB (limit ${LIMIT_MB} MB)`,
  );
  await app.close();
  await database.close();
  if (newlines - 1 !== lines) throw new Error(`expected ${lines} rows, got ${newlines - 1}`);
  if (above > LIMIT_MB) {
    console.error(`FAIL: the export took ${above.toFixed(1)} MB above idle`);
    process.exitCode = 1;
  }
}

await main();
