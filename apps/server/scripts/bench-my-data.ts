/**
 * npm run bench:my-data — the member's data export (GET /api/me/data and its zip download) for a member with
 * BENCH_WALLET_LINES (2,000) wallet lines. A fresh database (PGlite in memory; PostgreSQL at DATABASE_URL, in a
 * throwaway database) gets one paid member whose wallet receives the lines through the real ledger; the real app
 * listens on loopback. The script prints, for each of the two calls, the time, the process's peak resident memory
 * (sampled every 10 ms) and the longest the event loop was held (perf_hooks' delay histogram), while a
 * /api/health call runs every 20 ms beside it and its slowest answer is printed too. The download is measured
 * immediate (the threshold MY_DATA_MAILED_ABOVE_ROWS set above the history) and as the job runner builds it for the
 * mailed link (decision 0030).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { activate } from '../test/engine-test-kit';
import { postEntry } from '../src/modules/ledger/post-entry';
import { saveBankDetails } from '../test/payouts-test-kit';
import { createTestAccount, signInAs } from '../test/accounts-kit';
import { askLargeExport, buildWaitingExports } from '../src/modules/privacy/large-export';

const LINES = Number(process.env.BENCH_WALLET_LINES ?? 2000);
const MB = 1024 * 1024;

async function open(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ memory: true });
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(label: string, base: string, run: () => Promise<number>) {
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(200);
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let slowestHealthMs = 0;
  let pinging = true;
  const pings = (async () => {
    while (pinging) {
      const t = performance.now();
      await (await fetch(`${base}/api/health`)).text();
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - t);
      await sleep(20);
    }
  })();
  loop.enable();
  const started = performance.now();
  const bytes = await run();
  const ms = performance.now() - started;
  loop.disable();
  pinging = false;
  await pings;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `${label}: ${ms.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB; resident memory peak ${(peak / MB).toFixed(1)} MB (${((peak - idle) / MB).toFixed(1)} MB above idle); ` +
      `event loop held at most ${(loop.max / 1e6).toFixed(1)} ms; slowest /api/health beside it ${slowestHealthMs.toFixed(1)} ms`,
  );
}

async function main() {
  const database = await open();
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      MY_DATA_MAILED_ABOVE_ROWS: String(LINES * 10),
      MAIL_WORKER: 'false',
    }),
    { database },
  );
  await app.ready();
  const member = await createTestAccount(app, { fullName: 'Bench Member' });
  await activate(app.db, 'main', member.id);
  await saveBankDetails(app.db, member.id, { accountNumber: '0123456789' });
  await app.db.transaction(async (tx) => {
    for (let i = 0; i < LINES; i += 1)
      await postEntry(tx, {
        kind: 'referral_bonus',
        idempotencyKey: `bench-my-data:${randomUUID()}`,
        programme: 'main',
        memo: `Bench bonus ${i + 1}`,
        lines: [
          { account: { kind: 'bonus_expense', programme: 'main' }, amountKobo: -100_000 },
          { account: { kind: 'wallet', programme: 'main', accountId: member.id }, amountKobo: 100_000 },
        ],
      });
  });
  const headers = await signInAs(app, member.id);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  console.log(`database: ${database.kind}; wallet lines: ${LINES}`);
  let lines = 0;
  await measure('GET /api/me/data (JSON)', base, async () => {
    const res = await fetch(`${base}/api/me/data?programme=main`, { headers });
    if (!res.ok) throw new Error(`/api/me/data answered ${res.status}`);
    const text = await res.text();
    lines = (JSON.parse(text) as { walletLines: unknown[] }).walletLines.length;
    return text.length;
  });
  await measure('GET /api/me/data/download (zip)', base, async () => {
    const res = await fetch(`${base}/api/me/data/download?programme=main`, { headers });
    if (res.status !== 200 || res.headers.get('content-type') !== 'application/zip')
      throw new Error(`/api/me/data/download answered ${res.status}`);
    return (await res.arrayBuffer()).byteLength;
  });
  await measure('the job runner builds the zip for the mailed link', base, async () => {
    await app.db.transaction((tx) => askLargeExport(tx, member.id));
    if ((await buildWaitingExports(app, new Date())) !== 1) throw new Error('the job built no export');
    const [built] = await queryRows<{ n: number }>(
      app.db,
      sql`select length(archive) as n from data_exports where account_id = ${member.id}`,
    );
    return Number(built!.n);
  });
  await app.close();
  await database.close();
  if (lines < LINES) throw new Error(`expected at least ${LINES} wallet lines in the export, got ${lines}`);
}

await main();
