import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  behindNginxEnv,
  httpsRequest,
  nginxMissing,
  startBehindNginx,
  type HttpsAnswer,
  type RunningNginx,
} from '../support/nginx';
import { startPlatform, type RunningServer } from '../support/server';
import type { ThrowawayDatabase } from '../../apps/server/test/throwaway-postgres';

const serverUrl = process.env.TEST_DATABASE_URL;
const missing = serverUrl ? nginxMissing() : 'needs a PostgreSQL server: set TEST_DATABASE_URL (CI does)';
const PASSWORD = 'rolling restart password 1';
/** Requests the load keeps in flight at once. */
const WORKERS = 4;
/** Sign-ups during the load: under the 60 an hour one address may make (all come from nginx's 127.0.0.1 here). */
const MAX_SIGN_UPS = 25;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tally {
  requests: number;
  byStatus: Map<number, number>;
  /** Connection errors and time-outs between the client and nginx: none may happen. */
  errors: string[];
  /** Answers nginx got only from the second instance it tried (the first refused). */
  retried: number;
  /** Each answer's instance port and when it came, to see nginx send requests to a restarted instance again. */
  servedBy: Array<{ port: string; at: number }>;
  signUps: number;
  slowestMs: number;
}

/**
 * A rolling restart under load (decision 0045): nginx (ops/nginx/coop-platform-proxy.conf) in front of two
 * production-mode instances on one PostgreSQL; while clients keep reading pages, signing in and signing up through
 * nginx, each instance in turn gets SIGTERM, is started again and, once nginx sends it requests again, the other
 * goes. Not one answer may be a 5xx and not one connection may fail; every mail queued meanwhile is sent and every
 * scheduled job keeps its period.
 */
describe.skipIf(missing)(`a rolling restart behind nginx${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let deployment: Awaited<ReturnType<typeof startBehindNginx>>;
  let database: ThrowawayDatabase;
  let nginx: RunningNginx;
  let ports: number[];
  let instances: RunningServer[];
  let query: typeof deployment.query;

  beforeAll(async () => {
    deployment = await startBehindNginx(serverUrl!, 'rolling');
    ({ database, nginx, ports, instances, query } = deployment);
  });

  afterAll(() => deployment?.stop());

  let people = 0;
  /** A sign-up through nginx, as the sign-up page sends it. */
  const signUpBody = () => {
    people += 1;
    return {
      fullName: 'Rolling Member',
      email: `rolling-${Date.now()}-${people}@example.com`,
      phone: `0803${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 11),
      address: '12 Allen Avenue, Ikeja',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    };
  };

  it('SIGTERM to one instance, start it again, then the other: 0 answers 5xx, no connection error, no mail or job lost', async () => {
    const agent = new https.Agent({ keepAlive: true, maxSockets: WORKERS });
    const send = (pathname: string, options: { method?: string; body?: unknown } = {}) =>
      httpsRequest(nginx.url, pathname, { ca: nginx.certificate, agent, ...options });

    // A member who signs in during the load (confirmed through the outbox's table: production has no /api/dev/mail).
    const member = signUpBody();
    expect((await send('/api/auth/signup', { method: 'POST', body: member })).status).toBe(201);
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      if (i > 0) await sleep(200);
      const rows = await query<{ links: string[] }>('select links from mail_outbox where to_address = $1', [
        member.email,
      ]);
      link = rows.flatMap((r) => r.links).find((l) => l.includes('/confirmemail?token='));
    }
    expect(link, 'the confirmation mail').toBeTruthy();
    const token = new URL(link!).searchParams.get('token');
    expect((await send('/api/auth/confirm-email', { method: 'POST', body: { token } })).status).toBe(200);

    const tally: Tally = {
      requests: 0,
      byStatus: new Map(),
      errors: [],
      retried: 0,
      servedBy: [],
      signUps: 0,
      slowestMs: 0,
    };
    const signedUp: string[] = [];
    let running = true;
    const count = (what: string, answer: HttpsAnswer, started: number) => {
      tally.requests += 1;
      tally.slowestMs = Math.max(tally.slowestMs, Date.now() - started);
      tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) tally.errors.push(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
      const upstream = String(answer.headers['x-coop-upstream'] ?? '');
      if (upstream.includes(',')) tally.retried += 1;
      const last = upstream.split(',').pop()!.trim();
      tally.servedBy.push({ port: last.split(':')[1] ?? '', at: Date.now() });
    };
    // Reads of pages and the API, a sign-in a round and now and then a sign-up: what members do, steadily.
    const worker = async (n: number) => {
      for (let round = 0; running; round++) {
        const kind = (round + n) % 4;
        const started = Date.now();
        let what = '';
        try {
          if (kind === 0) {
            what = 'GET /';
            count(what, await send('/'), started);
          } else if (kind === 1) {
            what = 'GET /api/health/ready';
            count(what, await send('/api/health/ready'), started);
          } else if (kind === 2) {
            what = 'POST /api/auth/login';
            const answer = await send('/api/auth/login', {
              method: 'POST',
              body: { email: member.email, password: PASSWORD },
            });
            count(what, answer, started);
            expect(answer.status, answer.body).toBe(200);
          } else if (n === 0 && round % 16 === 3 && tally.signUps < MAX_SIGN_UPS) {
            what = 'POST /api/auth/signup';
            const body = signUpBody();
            const answer = await send('/api/auth/signup', { method: 'POST', body });
            count(what, answer, started);
            expect(answer.status, answer.body).toBe(201);
            signedUp.push(body.email);
            tally.signUps += 1;
          } else {
            what = 'GET /mainsignin';
            count(what, await send('/mainsignin'), started);
          }
        } catch (error) {
          tally.errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
        }
        await sleep(50);
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));

    await sleep(3_000);
    const restarts: Array<{ port: number; exitCode: number | null; stoppedInMs: number; backInMs: number }> =
      [];
    for (const [i, port] of ports.entries()) {
      const stopping = Date.now();
      const exitCode = await instances[i]!.stop();
      const stoppedInMs = Date.now() - stopping;
      const output = instances[i]!.output();
      instances[i] = await startPlatform(behindNginxEnv(database.url, nginx), {
        port,
        dataDir: instances[i]!.dataDir,
      });
      const ready = await fetch(`${instances[i]!.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      // Back in nginx's rotation: answers come from it again (nginx tries it again 2 s after its refusal).
      const back = Date.now();
      while (!tally.servedBy.some((s) => s.port === String(port) && s.at > back)) {
        if (Date.now() - back > 30_000)
          throw new Error(`nginx sent nothing to the restarted instance on ${port}`);
        await sleep(100);
      }
      restarts.push({ port, exitCode, stoppedInMs, backInMs: Date.now() - stopping });
      // It drained within its limit: nothing cut, no job period given back in haste.
      expect(exitCode, output).toBe(0);
      expect(output).not.toContain('drain limit ran out');
    }
    await sleep(3_000);
    running = false;
    await load;
    agent.destroy();

    // What decision 0045 reports.
    console.log(
      `rolling restart: ${tally.requests} requests (${tally.signUps} sign-ups) by ${WORKERS} clients, answers ${JSON.stringify(Object.fromEntries(tally.byStatus))}, ` +
        `${tally.retried} sent on to the other instance by nginx, slowest ${tally.slowestMs} ms; restarts ${JSON.stringify(restarts)}`,
    );
    expect(tally.errors).toEqual([]);
    expect([...tally.byStatus.keys()].filter((status) => status >= 500)).toEqual([]);
    expect(tally.signUps).toBeGreaterThan(0);
    // Both instances served before, between and after the restarts.
    expect(new Set(tally.servedBy.map((s) => s.port))).toEqual(new Set(ports.map(String)));

    // No mail lost: every sign-up's confirmation, queued on whichever instance, is sent (none left claimed by a
    // stopped instance until its lease ran out).
    let unsent: Array<{ to_address: string; status: string }> = [];
    for (let i = 0; i < 150; i++) {
      unsent = await query<{ to_address: string; status: string }>(
        `select to_address, status from mail_queue where status <> 'sent'`,
      );
      if (unsent.length === 0) break;
      await sleep(200);
    }
    expect(unsent).toEqual([]);
    const sent = await query<{ to_address: string }>(
      `select to_address from mail_outbox where to_address = any($1)`,
      [signedUp],
    );
    expect(new Set(sent.map((r) => r.to_address))).toEqual(new Set(signedUp));
    // No job lost: each ran once, finished, and none is due without an instance taking it (the runners look every 15 s).
    const jobs = await query<{ name: string; runs: number; finished: boolean; overdue: boolean }>(
      `select name, runs, last_finished_at is not null as finished, next_run_at < now() - interval '20 seconds' as overdue from scheduled_jobs order by name`,
    );
    expect(jobs.length).toBeGreaterThanOrEqual(4);
    for (const job of jobs) expect(job, job.name).toMatchObject({ finished: true, overdue: false });
  }, 300_000);
});
