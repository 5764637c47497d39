import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ledgerViolations, noViolations } from '../support/ledger-invariants';
import { MEMBER_PASSWORD, signUpAndConfirm } from '../support/members';
import { ownPostgresUnavailable, startOwnPostgres, type OwnPostgres } from '../support/own-postgres';
import { startPlatform, type RunningServer } from '../support/server';

/**
 * Issue 34, decision 0042: PostgreSQL stopped with `pg_ctl -m immediate` (as a crash or a failover does) while members
 * pay and read their dashboards, and started again 10 s later. Before, the platform process died of the LISTEN
 * connection's unhandled error, and members whose cards had been charged were not placed. Now the process lives;
 * readiness answers 503 during the outage and 200 after, liveness 200 throughout; it serves again within 30 s of the
 * database's return without a restart; every member whose checkout succeeded is placed exactly once, every mail is
 * sent once, and the journal balances. On a cluster of the test's own (never the shared TEST_DATABASE_URL one).
 */
const MEMBERS = 16;
/** The database goes away once this many checkouts have been paid in the sandbox. */
const STOP_AFTER_PAID = 6;
const OUTAGE_MS = 10_000;
const BACK_WITHIN_MS = 30_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unavailable = ownPostgresUnavailable();

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
}

/** One call as the browser's HTTP wrapper makes it; a refused connection (the process gone) throws. */
async function call(
  platform: RunningServer,
  path: string,
  options: { method?: string; body?: unknown; token?: string; address: string },
): Promise<Answer> {
  const res = await fetch(platform.url + path, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      'x-forwarded-for': options.address,
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
    // The checkout's Pay answers with a redirect to the payment page: its answer is the redirect.
    redirect: 'manual',
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : { text },
    retryAfter: res.headers.get('retry-after'),
  };
}

interface Member {
  email: string;
  token: string;
  address: string;
  reference?: string;
  /** The sandbox answered this member's Pay with a success: the card was charged. */
  charged: boolean;
  placed: boolean;
}

describe.skipIf(unavailable !== null)(
  `PostgreSQL stopped and started again under load${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it(
      'the platform lives through it, serves again within 30 s, and places every charged member once',
      { timeout: 300_000 },
      async () => {
        let database: OwnPostgres | undefined;
        let platform: RunningServer | undefined;
        try {
          database = await startOwnPostgres();
          platform = await startPlatform({
            DATABASE_URL: database.url,
            JOBS_ENABLED: 'true',
            TRUST_PROXY: '1',
            MAIL_POLL_MS: '1000',
            LOG_LEVEL: 'warn',
          });
          const running = platform;
          const db = database;

          // Members signed up, confirmed and signed in before the burst.
          const members: Member[] = [];
          for (let i = 0; i < MEMBERS; i++) {
            const email = await signUpAndConfirm(
              running.url,
              'main',
              `Restart Member${String.fromCharCode(65 + i)}`,
            );
            const address = `10.77.0.${i + 1}`;
            const login = await call(running, '/api/auth/login', {
              method: 'POST',
              body: { email, password: MEMBER_PASSWORD },
              address,
            });
            expect(login.status, JSON.stringify(login.body)).toBe(200);
            members.push({ email, token: String(login.body.token), address, charged: false, placed: false });
          }

          // The probes a load balancer and an orchestrator would send, every 250 ms from before the stop until the end.
          const probes: Array<{ at: number; live: number; ready: number }> = [];
          let probing = true;
          const probing$ = (async () => {
            while (probing) {
              // A refused connection (the process gone) is a probe answered 0, which the checks below refuse.
              const probe = (path: string) =>
                call(running, path, { address: '10.77.1.1' }).then(
                  (a) => a.status,
                  () => 0,
                );
              const [live, ready] = await Promise.all([
                probe('/api/health/live'),
                probe('/api/health/ready'),
              ]);
              probes.push({ at: Date.now(), live, ready });
              await pause(250);
            }
          })();

          // Every answer a member got: none may be a 500 or an internal message; a 503 must say when to try again.
          const refusals: string[] = [];
          let unavailableAnswers = 0;
          const note = (what: string, answer: Answer) => {
            if (answer.status === 503) {
              unavailableAnswers += 1;
              if (
                answer.retryAfter === null ||
                !String(answer.body.message).startsWith('The service is briefly unavailable')
              )
                refusals.push(`${what}: 503 ${JSON.stringify(answer.body)} retry-after ${answer.retryAfter}`);
            } else if (answer.status >= 500)
              refusals.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
          };
          /**
           * A member's step, pressed again after a 503 as the page tells them to; any other answer is returned. A step that
           * asks the payment provider may also meet the provider failing (502, or 503 "payments are paused", decision 0046):
           * here the sandbox keeps its checkouts in the same database, so it fails with it, where Paystack would not.
           */
          const step = async (
            member: Member,
            what: string,
            path: string,
            options: { method?: string; body?: unknown; providerMayFail?: boolean } = {},
          ) => {
            for (;;) {
              const answer = await call(running, path, {
                ...options,
                token: member.token,
                address: member.address,
              });
              const providerFailed =
                options.providerMayFail &&
                (answer.status === 502 || (answer.status === 503 && answer.body.code === 'payments_paused'));
              if (!providerFailed) note(what, answer);
              if (answer.status !== 503 && !providerFailed) return answer;
              // (Paused payments ask for a minute; this sandbox is back as soon as the database is.)
              await pause(providerFailed ? 1000 : Number(answer.retryAfter ?? 1) * 200);
            }
          };
          /** Pay in the sandbox's checkout (Paystack's page, not the platform): pressed again while it fails. */
          const payInCheckout = async (member: Member) => {
            for (;;) {
              const answer = await call(running, `/sandbox/paystack/checkout/${member.reference}`, {
                method: 'POST',
                body: { outcome: 'success' },
                address: member.address,
              });
              if (answer.status < 500) return answer;
              await pause(1000);
            }
          };

          let paidCount = 0;
          let stopNow: () => void = () => {};
          const stopCalled = new Promise<void>((resolve) => (stopNow = resolve));
          let stoppedAt = 0;
          let startedAt = 0;

          const payAndWatch = async (member: Member, index: number) => {
            await pause(index * 150);
            // Start the payment (again after a 503: the same unpaid checkout comes back), pay it, then watch the payment
            // page and the dashboard until placed, as the member's browser does.
            for (;;) {
              const started = await step(member, 'start payment', '/api/auth/process-payment', {
                method: 'POST',
                body: { email: member.email },
                providerMayFail: true,
              });
              if (started.status === 409) {
                await pause(1000);
                continue;
              }
              expect(started.status, JSON.stringify(started.body)).toBe(200);
              member.reference = String(started.body.reference);
              const checkout = await payInCheckout(member);
              if (checkout.status < 400) break;
              expect(checkout.status, JSON.stringify(checkout.body)).toBeLessThan(400);
            }
            member.charged = true;
            paidCount += 1;
            if (paidCount === STOP_AFTER_PAID) stopNow();
            for (let i = 0; i < 600 && !member.placed; i++) {
              const status = await step(member, 'payment page', `/api/payments/${member.reference}`, {
                providerMayFail: true,
              });
              expect(status.status, JSON.stringify(status.body)).toBe(200);
              member.placed = status.body.paid === true;
              const dashboard = await step(member, 'dashboard', '/api/me?programme=main');
              expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
              if (!member.placed) await pause(200);
            }
          };

          // Each member's failure is kept (and shown below) rather than left to reject while the others still run.
          const failures: string[] = [];
          const burst = Promise.all(
            members.map((m, i) =>
              payAndWatch(m, i).catch((error: unknown) => void failures.push(`${m.email}: ${String(error)}`)),
            ),
          );
          // Should every payment end before the stop is called for, the stop still comes (and the checks below say so).
          void burst.then(() => stopNow());
          await stopCalled;
          // Mid-burst: the database dies as in a crash, and comes back 10 s later.
          db.stopImmediately();
          stoppedAt = Date.now();
          await pause(OUTAGE_MS);
          db.start();
          startedAt = Date.now();

          // Serving again without a restart: readiness 200 and a member's dashboard read within 30 s of the return.
          let backAt = 0;
          while (!backAt && Date.now() - startedAt < BACK_WITHIN_MS + 5_000) {
            // The failure issue 34 found, named as such rather than as a refused fetch.
            if (running.process.exitCode !== null || running.process.signalCode !== null)
              throw new Error(
                `The platform process died while the database was away:\n${running.output().slice(-3000)}`,
              );
            const ready = await call(running, '/api/health/ready', { address: '10.77.1.2' });
            const dashboard = await call(running, '/api/me?programme=main', {
              token: members[0]!.token,
              address: members[0]!.address,
            });
            if (ready.status === 200 && dashboard.status === 200) backAt = Date.now();
            else await pause(250);
          }
          expect(backAt, 'the platform served again after the database returned').toBeGreaterThan(0);
          expect(
            backAt - startedAt,
            'ms from the return of the database to serving again',
          ).toBeLessThanOrEqual(BACK_WITHIN_MS);

          await burst;
          probing = false;
          await probing$;
          expect(failures).toEqual([]);

          // The process lived: no exit, no crash, no restart; it is the same process that answers.
          expect(running.process.exitCode).toBeNull();
          expect(running.process.signalCode).toBeNull();
          expect(running.output()).not.toContain("Unhandled 'error' event");
          // Liveness 200 throughout; readiness 503 while the database was away and 200 before and after.
          expect(probes.filter((p) => p.live !== 200)).toEqual([]);
          expect(probes.some((p) => p.at > stoppedAt && p.at < startedAt && p.ready === 503)).toBe(true);
          expect(probes.filter((p) => p.at < stoppedAt).every((p) => p.ready === 200)).toBe(true);
          expect(probes.at(-1)!.ready).toBe(200);
          // Members were told to wait (503 with Retry-After in the one shape), never shown a 500 or the cause.
          expect(refusals).toEqual([]);
          expect(unavailableAnswers).toBeGreaterThan(0);
          expect(members.filter((m) => !m.charged || !m.placed).map((m) => m.email)).toEqual([]);

          // Every queued mail goes out once: the queue drains by itself (the worker listens again and looks once).
          const client = new pg.Client({ connectionString: db.url });
          await client.connect();
          const query = async (text: string) =>
            (await client.query(text)).rows as Array<Record<string, unknown>>;
          try {
            let queue: Array<Record<string, unknown>> = [];
            for (let i = 0; i < 120; i++) {
              queue = await query(
                `select status, count(*)::int as n from mail_queue where status <> 'sent' group by status`,
              );
              if (queue.length === 0) break;
              await pause(500);
            }
            expect(queue, 'mails not sent').toEqual([]);
            const [mails] = await query(
              `select (select count(*)::int from mail_queue) as queued, (select count(*)::int from mail_outbox) as sent`,
            );
            expect(mails!.sent, 'each queued mail in the outbox once').toBe(mails!.queued);
            expect(
              await query(`select q.to_address, q.n as queued, coalesce(o.n, 0) as sent
                       from (select to_address, count(*)::int as n from mail_queue group by to_address) q
                       left join (select to_address, count(*)::int as n from mail_outbox group by to_address) o on o.to_address = q.to_address
                       where q.n <> coalesce(o.n, 0)`),
            ).toEqual([]);

            // Each charged member paid and placed once, paid here if and only if the sandbox took the money, and the
            // journal whole.
            expect(await ledgerViolations(query)).toEqual(noViolations);
            expect(
              await query(`select p.reference from payments p left join sandbox_transactions s on s.reference = p.reference
                       where (p.status = 'paid') <> coalesce(s.status = 'success', false)`),
            ).toEqual([]);
            const emails = members.map((m) => `'${m.email}'`).join(',');
            const placed =
              await query(`select a.email, count(pos.id)::int as positions from accounts a left join positions pos on pos.account_id = a.id
                                    where a.email in (${emails}) group by a.email having count(pos.id) <> 1`);
            expect(placed).toEqual([]);
            const [fees] = await query(
              `select count(*)::int as n from journal_entries where idempotency_key like 'fee:%'`,
            );
            expect(fees!.n).toBe(MEMBERS);
          } finally {
            await client.end();
          }
          console.info(
            `[database restart] stopped after ${STOP_AFTER_PAID} paid checkouts for ${OUTAGE_MS / 1000} s; serving again ${backAt - startedAt} ms after the return; ` +
              `${unavailableAnswers} answers were 503 with Retry-After; ${probes.filter((p) => p.ready === 503).length} readiness probes said 503`,
          );
          // A stop that did not drain says why in the platform's own log: shown when it fails.
          const exitCode = await running.stop();
          expect(exitCode, running.output().slice(-4000)).toBe(0);
        } finally {
          if (platform && platform.process.exitCode === null && platform.process.signalCode === null)
            platform.process.kill('SIGKILL');
          await platform?.exited;
          database?.remove();
        }
      },
    );
  },
);
