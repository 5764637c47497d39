/**
 * npm run bench:api — throughput and p99 of the signed-in and public reads, each beside GET /api/health of
 * the same run. A fresh database (PostgreSQL when DATABASE_URL is set: a throwaway database on that server,
 * dropped at the end; else PGlite in a temporary DATA_DIR) is filled with paid members through the real
 * engine, then the platform is started as `npm start` starts it and autocannon drives it on loopback.
 * BENCH_MEMBERS (default 400), BENCH_SECONDS (default 5, per measurement), BENCH_ROUNDS (default 5, each health then
 * every read; the medians are printed), BENCH_CONNECTIONS (default 50), BENCH_ROUTES (a comma list of the lines to run,
 * default all), BENCH_PROFILE_DIR (the server writes a CPU profile there when it stops),
 * BENCH_KEEP=1 (the PostgreSQL database is kept and named at the end, to look into with EXPLAIN).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { hashPassword } from '../src/lib/password';
import { createThrowawayDatabase } from '../test/throwaway-postgres';
import { mintAccessToken, startPlatform } from './bench-platform';
import { newBenchAccount, seedPaidNetwork, type SeededAccount } from './bench-seed';

const members = Number(process.env.BENCH_MEMBERS ?? 400);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const chosen = process.env.BENCH_ROUTES?.split(',').map((r) => r.trim());
const wanted = (name: string) => !chosen || chosen.includes(name);
const password = 'bench password 1';
const jwtSecret = randomBytes(32).toString('base64url');
// The platform under test runs with the product's settings, so the members' hashes are made at its cost.
const { passwordHashCost } = loadConfig({});

interface Seeded {
  emails: string[];
  /** Access tokens of paid Main members (the first ones have full matrices under them). */
  memberTokens: string[];
  adminToken: string;
}

/** The paid network of bench-seed.ts, with access tokens for the first Main members and an administrator. */
async function seed(db: Db): Promise<Seeded> {
  const tokenOf = (account: SeededAccount) => mintAccessToken(db, jwtSecret, account);
  const joined = await seedPaidNetwork(db, members, password, passwordHashCost);
  const main = joined.filter((a) => a.programme === 'main');
  const memberTokens = [];
  for (const account of main.slice(0, 20)) memberTokens.push(await tokenOf(account));
  const admin = await newBenchAccount(
    db,
    await hashPassword(password, passwordHashCost),
    'main',
    null,
    'admin',
  );
  await db.execute(sql`analyze`);
  return {
    emails: main.map((a) => a.email),
    memberTokens,
    adminToken: await tokenOf(admin),
  };
}

interface Figure {
  reqPerSec: number;
  p99: number;
  /** Requests that did not answer 2xx in time: a figure with failures is not a throughput. */
  failed: string;
}

async function run(name: string, options: autocannon.Options): Promise<Figure> {
  // Each route is warmed up as health is: its code optimised, its statements prepared and planned on every pooled
  // connection, before the figures are taken.
  await autocannon({ ...options, connections: 10, duration: 2 });
  const result = await autocannon({ connections, duration: seconds, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    reqPerSec: result.requests.average,
    p99: result.latency.p99,
    failed:
      failed === 0
        ? ''
        : ` (${failed} of ${result.requests.total + failed} failed: non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
  };
}

const rotate = <T>(list: T[]) => {
  let i = 0;
  return () => list[i++ % list.length]!;
};

async function main() {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-bench-'));
  if (process.env.DATABASE_URL) {
    const database = await createThrowawayDatabase(process.env.DATABASE_URL, { prefix: 'bench_api' });
    databaseUrl = database.url;
    dropDatabase = async () => {
      if (process.env.BENCH_KEEP === '1') return console.log(`kept: ${databaseUrl}`);
      await database.drop();
    };
  }
  try {
    const started = Date.now();
    const database = await openDatabase({ databaseUrl, dataDir });
    const seeded = await seed(database.db);
    // The seed's members were told of each payment and bonus: left queued, those mails would be rendered and sent by the
    // platform during the first measurements (health's, which every ratio divides by). The bench measures a platform at rest.
    const [dropped] = await queryRows<{ mails: string | number }>(
      database.db,
      sql`with gone as (delete from mail_queue where status = 'queued' returning 1) select count(*) as mails from gone`,
    );
    await database.close();
    console.log(`${dropped!.mails} queued mails of the seed left out`);
    console.log(
      `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${members} paid members seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; ${connections} connections, ${rounds} rounds of ${seconds} s per read`,
    );
    const platform = await startPlatform(jwtSecret, {
      DATABASE_URL: databaseUrl ?? 'pglite',
      DATA_DIR: dataDir,
    });
    try {
      const { url } = platform;
      const memberToken = rotate(seeded.memberTokens);
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
      const signedIn = (pathName: string): autocannon.Options => ({
        url,
        requests: [
          {
            method: 'GET',
            path: pathName,
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...bearer(memberToken()) } }),
          },
        ],
      });
      const adminCalls = [
        '/api/admin/adminTransactionAmount',
        '/api/admin/countUsers',
        '/api/admin/transactions/latest',
      ];
      const reads: Array<[string, autocannon.Options]> = [
        ['dashboard', signedIn('/api/me?programme=main')],
        ['wallet history', signedIn('/api/me/wallet-history')],
        ['matrix', signedIn('/api/me/matrix')],
        // The public plan: the Main programme's page, its stage table rendered on the server.
        ['plan', { url: `${url}/main` }],
        [
          'admin dashboard',
          {
            url,
            headers: bearer(seeded.adminToken),
            requests: adminCalls.map((p) => ({ method: 'GET' as const, path: p })),
          },
        ],
      ];
      const chosenReads = reads.filter(([name]) => wanted(name));
      // Health swings by a fifth from one ten-second run to the next on a shared two-core machine, so each round
      // measures health and then every read, each read's ratio is to its own round's health, and the median of the
      // rounds is printed beside each round's figure.
      const healths: Figure[] = [];
      const figures = new Map<string, Array<Figure & { ratio: number }>>(
        chosenReads.map(([name]) => [name, []]),
      );
      for (let round = 0; round < rounds; round++) {
        const health = await run('health', { url: `${url}/api/health` });
        healths.push(health);
        for (const [name, options] of chosenReads) {
          const f = await run(name, options);
          figures.get(name)!.push({ ...f, ratio: f.reqPerSec / health.reqPerSec });
        }
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const failures = (list: Figure[]) => list.map((f) => f.failed).join('');
      console.log(
        `health: ${Math.round(median(healths.map((h) => h.reqPerSec)))} req/s, p99 ${median(healths.map((h) => h.p99))} ms (rounds: ${healths.map((h) => Math.round(h.reqPerSec)).join(', ')})${failures(healths)}`,
      );
      for (const [name, list] of figures) {
        console.log(
          `${name}: ${Math.round(median(list.map((f) => f.reqPerSec)))} req/s, p99 ${median(list.map((f) => f.p99))} ms, ratio ${median(list.map((f) => f.ratio)).toFixed(2)} (rounds: ${list.map((f) => f.ratio.toFixed(2)).join(', ')})${failures(list)}`,
        );
      }
      if (!wanted('login')) return;
      // Each login from its own address and with a member in turn, so no per-address or per-account limit is reached.
      const email = rotate(seeded.emails);
      let address = 0;
      const hashStarted = performance.now();
      await hashPassword(password, passwordHashCost);
      const hashMs = performance.now() - hashStarted;
      const probe = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.255.255.254' },
        body: JSON.stringify({ email: seeded.emails[0], password }),
      });
      if (!probe.ok) throw new Error(`login answered ${probe.status}: ${await probe.text()}`);
      const login = await run('login', {
        url,
        requests: [
          {
            method: 'POST',
            path: '/api/auth/login',
            setupRequest: (req) => {
              address += 1;
              return {
                ...req,
                headers: {
                  'content-type': 'application/json',
                  'x-forwarded-for': `127.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
                },
                body: JSON.stringify({ email: email(), password }),
              };
            },
          },
        ],
      });
      // Bound by the password hash (scrypt, on purpose): its throughput is printed, not compared with health.
      console.log(
        `login: ${Math.round(login.reqPerSec)} req/s, p99 ${login.p99} ms, one password hash ${hashMs.toFixed(0)} ms${login.failed}`,
      );
    } finally {
      await platform.stop();
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
