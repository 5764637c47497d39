/**
 * npm run bench:saturate — how fast members join when they all pay at once, and how long a signed-in member's dashboard
 * read takes meanwhile (issue 38). A fresh database (PostgreSQL when DATABASE_URL is set: a throwaway database on that
 * server, dropped at the end; else PGlite in a temporary DATA_DIR) gets a small paid network and then members who have
 * not paid yet; the platform is started as `npm start` starts it, with the payment sandbox, and each member starts a
 * payment through the API as a browser would (POST /api/auth/process-payment). Then `--payers` clients pay them as fast
 * as they can, as a browser does: Pay on the sandbox's checkout (which sends the signed charge.success webhook to the
 * platform, settled there in the background) and the callback page's GET /api/payments/:reference (which settles it
 * itself when the webhook's work has not yet), asked again every 100 ms until the member is placed. Meanwhile one more
 * client reads the first Main member's dashboard (GET /api/me, under whom most members join) in a loop.
 * Prints joins per second, each join's time from Pay to placed, and the dashboard read's p50/p99 at rest and while
 * the members join.
 * Flags (or BENCH_* variables): --members 300 (BENCH_MEMBERS, members who pay), --payers 20 (BENCH_PAYERS),
 * --network 60 (BENCH_NETWORK, paid members seeded first), --read-every 20 (BENCH_READ_EVERY_MS: the reader starts a
 * read every 20 ms, or as soon as the last one answers when it took longer), --sandbox apart (BENCH_SANDBOX: on
 * PostgreSQL the sandbox runs in a process of its own, scripts/paystack-sandbox.ts, as Paystack is apart from the
 * platform in production; `inside` mounts it in the platform's process, as `npm start` does, and as PGlite always does).
 * Issue 38's figure: `DATABASE_URL=postgres://… npm run bench:saturate -- --members 1000 --payers 20`.
 */
import type { Programme } from '@coop/core';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { hashPassword } from '../src/lib/password';
import { createThrowawayDatabase } from '../test/throwaway-postgres';
import { freePort, mintAccessToken, startPlatform, startSandboxProcess } from './bench-platform';
import { newBenchAccount, seedPaidNetwork } from './bench-seed';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string' },
    payers: { type: 'string' },
    network: { type: 'string' },
    'read-every': { type: 'string' },
    sandbox: { type: 'string' },
  },
});
const members = Number(flags.members ?? process.env.BENCH_MEMBERS ?? 300);
const payers = Number(flags.payers ?? process.env.BENCH_PAYERS ?? 20);
const network = Number(flags.network ?? process.env.BENCH_NETWORK ?? 60);
const readEveryMs = Number(flags['read-every'] ?? process.env.BENCH_READ_EVERY_MS ?? 20);
const sandboxWhere = flags.sandbox ?? process.env.BENCH_SANDBOX ?? 'apart';
if (sandboxWhere !== 'apart' && sandboxWhere !== 'inside')
  throw new Error(`--sandbox is apart or inside, not ${sandboxWhere}`);
const password = 'bench password 1';
const jwtSecret = randomBytes(32).toString('base64url');
const { passwordHashCost } = loadConfig({});

interface Payer {
  programme: Programme;
  token: string;
}

/** The paid network, then `members` accounts that have not paid, each sponsored by a paid member of its programme. */
async function seed(db: Db) {
  const paid = await seedPaidNetwork(db, network, password, passwordHashCost);
  const passwordHash = await hashPassword(password, passwordHashCost);
  const reader = paid.find((a) => a.programme === 'main')!;
  const unpaid: Payer[] = [];
  for (let i = 0; i < members; i++) {
    const programme: Programme = i % 5 === 4 ? 'welcomeback' : 'main';
    const sponsors = paid.filter((a) => a.programme === programme);
    // Most under the first few members, as in bench-seed.ts: the reader's figures move with nearly every join.
    const sponsor = sponsors[Math.floor(Math.random() ** 2 * sponsors.length)]!;
    const account = await newBenchAccount(db, passwordHash, programme, sponsor.id);
    unpaid.push({ programme, token: await mintAccessToken(db, jwtSecret, account) });
  }
  await db.execute(sql`analyze`);
  return { readerToken: await mintAccessToken(db, jwtSecret, reader), unpaid };
}

/**
 * One HTTP call on kept-alive connections, its body read whole. node:http rather than fetch: the clients share the
 * two cores with the platform, PostgreSQL and the sandbox, and fetch took about twice the CPU per call, which the
 * platform's figures paid for (decision 0066).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; ok: boolean; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        resolve({ status, ok: status >= 200 && status < 300, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Runs `work` over `items` with `clients` at once. */
async function pool<T>(items: T[], clients: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(clients, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The machine's CPU time so far (Linux's /proc/stat, in ticks): busy, and stolen by the host of a virtual machine.
 * Runs of the same code differ widely on a shared machine (decision 0065: 50.8 to 79.4 joins/s within an hour), and
 * a run the host took CPU from is slower still, so the bench says how busy the machine was and how much was taken.
 */
function machineCpu() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal
    const [idle = 0, iowait = 0, , , steal = 0] = fields.slice(3);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, steal, busy: total - idle - iowait - steal };
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const describe = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return `${sorted.length} reads, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`;
};

async function main() {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-bench-'));
  if (process.env.DATABASE_URL) {
    const database = await createThrowawayDatabase(process.env.DATABASE_URL, { prefix: 'bench_saturate' });
    databaseUrl = database.url;
    dropDatabase = () => database.drop();
  }
  try {
    const started = Date.now();
    const database = await openDatabase({ databaseUrl, dataDir });
    const seeded = await seed(database.db);
    // The seed's mails left queued would be sent by the platform during the measurement.
    await queryRows(database.db, sql`delete from mail_queue where status = 'queued'`);
    await database.close();
    console.log(
      `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; ${network} paid members and ${members} to pay seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; ${payers} payers`,
    );
    // Paystack's side (checkout, webhooks, verify) in a process of its own, as in production; PGlite's database is the
    // platform's alone, so there the sandbox stays inside the platform.
    const platformPort = await freePort();
    const sandbox =
      databaseUrl && sandboxWhere === 'apart'
        ? await startSandboxProcess(databaseUrl, `http://127.0.0.1:${platformPort}/api/webhooks/paystack`)
        : null;
    console.log(`payment sandbox: ${sandbox ? 'in a process of its own' : "inside the platform's process"}`);
    const platform = await startPlatform(
      jwtSecret,
      { DATABASE_URL: databaseUrl ?? 'pglite', DATA_DIR: dataDir, ...sandbox?.platformEnv },
      platformPort,
    );
    try {
      const { url } = platform;
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

      // Each member presses Pay on the site: a payment started with the sandbox, its checkout address answered.
      const startedAt = Date.now();
      const checkouts: Array<Payer & { reference: string; checkout: string }> = [];
      await pool(seeded.unpaid, payers, async (payer) => {
        const path = payer.programme === 'main' ? '/api/auth/process-payment' : '/api/auth/welcomepaystack';
        const res = await call(`${url}${path}`, {
          method: 'POST',
          headers: { ...bearer(payer.token), 'content-type': 'application/json' },
          body: '{}',
        });
        if (!res.ok) throw new Error(`starting a payment answered ${res.status}: ${res.text}`);
        const body = JSON.parse(res.text) as { data: string; reference: string };
        checkouts.push({ ...payer, reference: body.reference, checkout: body.data });
      });
      console.log(`${members} payments started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

      const readDashboard = async () => {
        const t = performance.now();
        const res = await call(`${url}/api/me?programme=main`, { headers: bearer(seeded.readerToken) });
        if (!res.ok) throw new Error(`the dashboard answered ${res.status}`);
        return performance.now() - t;
      };
      const pacedRead = async () => {
        const tookMs = await readDashboard();
        await new Promise((r) => setTimeout(r, Math.max(0, readEveryMs - tookMs)));
        return tookMs;
      };
      // The dashboard at rest first, warmed, as the baseline of the same run.
      for (let i = 0; i < 50; i++) await readDashboard();
      const atRest: number[] = [];
      for (const end = Date.now() + 3000; Date.now() < end;) atRest.push(await pacedRead());

      let joining = true;
      const whileJoining: number[] = [];
      // At a steady pace, not as fast as it can: a reader that ran flat out would take the payers' CPU when its reads
      // are fast and none when they queue, and the joins per second would measure the reader.
      const reading = (async () => {
        while (joining) whileJoining.push(await pacedRead());
      })();
      const joinMs: number[] = [];
      const cpuAtStart = machineCpu();
      const payStarted = performance.now();
      await pool(checkouts, payers, async (payer) => {
        const t = performance.now();
        const paid = await call(payer.checkout, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'outcome=success',
        });
        if (paid.status !== 303) throw new Error(`the checkout's Pay answered ${paid.status}`);
        for (;;) {
          const res = await call(`${url}/api/payments/${payer.reference}`, { headers: bearer(payer.token) });
          if (!res.ok) throw new Error(`the payment's status answered ${res.status}: ${res.text}`);
          const status = JSON.parse(res.text) as { paid: boolean; stage: number | null };
          if (status.paid && status.stage !== null) break;
          if (status.paid) throw new Error(`paid but not placed: ${JSON.stringify(status)}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        joinMs.push(performance.now() - t);
      });
      const elapsedS = (performance.now() - payStarted) / 1000;
      const cpu = machineCpu();
      joining = false;
      await reading;

      const joins = [...joinMs].sort((a, b) => a - b);
      console.log(
        `joins: ${members} in ${elapsedS.toFixed(1)} s = ${(members / elapsedS).toFixed(1)} joins/s; Pay to placed p50 ${percentile(joins, 50).toFixed(0)} ms, p99 ${percentile(joins, 99).toFixed(0)} ms`,
      );
      if (cpu && cpuAtStart) {
        const share = (field: 'busy' | 'steal') =>
          `${((100 * (cpu[field] - cpuAtStart[field])) / (cpu.total - cpuAtStart.total)).toFixed(0)}%`;
        console.log(
          `machine while joining: CPU busy ${share('busy')}, taken by the host (steal) ${share('steal')}`,
        );
      }
      console.log(`dashboard at rest: ${describe(atRest)}`);
      console.log(`dashboard while joining: ${describe(whileJoining)}`);
    } finally {
      await platform.stop();
      await sandbox?.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
