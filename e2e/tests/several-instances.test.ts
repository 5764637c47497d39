import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargeSuccessWebhook,
  ledgerViolations,
  noViolations,
  postWebhook,
} from '../support/ledger-invariants';
import { api, MEMBER_PASSWORD, signIn, signUpAndConfirm } from '../support/members';
import { startPlatform, type RunningServer } from '../support/server';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../apps/server/test/throwaway-postgres';

const serverUrl = process.env.TEST_DATABASE_URL;
const reason = 'needs a PostgreSQL server: set TEST_DATABASE_URL (CI does)';

/**
 * Two platform processes on one PostgreSQL database (decision 0015), with their job runners on: sign-ups,
 * payments, duplicate webhooks and cash-outs go through both, and each payment activates once, each limit
 * holds across both and each scheduled job runs once per period. Both use the first one's payment sandbox
 * (its PUBLIC_URL), so one sandbox knows every payment and sends its webhooks to the first.
 */
describe.skipIf(!serverUrl)(
  `two instances on one PostgreSQL${serverUrl ? '' : ` (skipped: ${reason})`}`,
  () => {
    let database: ThrowawayDatabase;
    let a: RunningServer;
    let b: RunningServer;
    let client: pg.Client;
    const query = async (text: string) => (await client.query(text)).rows as Array<Record<string, unknown>>;

    beforeAll(async () => {
      database = await createThrowawayDatabase(serverUrl!, { prefix: 'instances' });
      // One after the other: the first migrates the new database.
      a = await startPlatform({ DATABASE_URL: database.url, JOBS_ENABLED: 'true' });
      b = await startPlatform({ DATABASE_URL: database.url, JOBS_ENABLED: 'true', PUBLIC_URL: a.url });
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
    });

    afterAll(async () => {
      await client?.end();
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    it('activates each payment once, shares every limit and runs each job once', async () => {
      const started = Date.now();
      const instances = [a, b];
      // Sign-ups through both: a sponsor and four friends with its code.
      const sponsorEmail = await signUpAndConfirm(a.url, 'main', 'Ada Obi');
      const sponsor = await signIn(b.url, 'main', sponsorEmail);
      const members = [{ email: sponsorEmail, token: sponsor.token }];
      for (let i = 0; i < 4; i++) {
        const via = instances[i % 2]!;
        const email = await signUpAndConfirm(via.url, 'main', `Friend Number${i}`, sponsor.user.referralCode);
        members.push({ email, token: (await signIn(instances[(i + 1) % 2]!.url, 'main', email)).token });
      }

      // Payments started through either instance and paid in the one sandbox; then the same webhook five more
      // times to each instance at once.
      const references: string[] = [];
      for (const [i, member] of members.entries()) {
        const via = instances[i % 2]!;
        const { reference } = await api<{ reference: string }>(via.url, '/api/auth/process-payment', {
          method: 'POST',
          body: { email: member.email },
          token: member.token,
        });
        await api(a.url, `/sandbox/paystack/checkout/${reference}`, {
          method: 'POST',
          body: { outcome: 'success' },
        });
        const webhook = await chargeSuccessWebhook(a.url, reference);
        const codes = await Promise.all(
          Array.from({ length: 10 }, (_, k) => postWebhook(instances[k % 2]!.url, webhook)),
        );
        expect(codes.every((c) => c === 200)).toBe(true);
        references.push(reference);
      }
      for (const [i, reference] of references.entries()) {
        let paid = false;
        for (let t = 0; t < 60 && !paid; t++) {
          paid = (
            await api<{ paid: boolean }>(instances[(i + 1) % 2]!.url, `/api/payments/${reference}`, {
              token: members[i]!.token,
            })
          ).paid;
          if (!paid) await new Promise((r) => setTimeout(r, 250));
        }
        expect(paid, `payment ${reference} settled`).toBe(true);
      }
      const positions = await query(`select payment_reference from positions where account_id is not null`);
      expect(positions.map((p) => p.payment_reference).sort()).toEqual([...references].sort());

      // Cash-outs by an administrator through both instances at once: distinct forms, and one form sent to both.
      await query(
        `update accounts set role = 'admin' where email = '${members[4]!.email}' and programme = 'main'`,
      );
      const adminTokens = await Promise.all(
        instances.map((i) =>
          api<{ token: string }>(i.url, '/api/admin/adminLogin', {
            method: 'POST',
            body: { email: members[4]!.email, password: MEMBER_PASSWORD },
          }),
        ),
      );
      const wallets = await query(
        `select u.email, a.balance_kobo::text as kobo from ledger_accounts a join accounts u on a.account_id = u.id`,
      );
      const wallet = wallets.find((w) => w.email === sponsorEmail);
      expect(
        wallet,
        `the sponsor's wallet among ${JSON.stringify(wallets)} (${JSON.stringify(await query('select email, sponsor_account_id from accounts'))})`,
      ).toBeDefined();
      const walletKobo = Number(wallet!.kobo);
      expect(walletKobo).toBeGreaterThan(0);
      const cashOut = (i: number, key: string, naira: number) =>
        fetch(`${instances[i % 2]!.url}/api/admin/payOutCash`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${adminTokens[i % 2]!.token}`,
            'idempotency-key': key,
          },
          body: JSON.stringify({ email: sponsorEmail, amount: String(naira) }),
        }).then((r) => r.status);
      // Three thirds and the one-naira form fit the wallet in any order; a fourth third never does.
      const thirdNaira = Math.floor((Math.floor(walletKobo / 100) - 1) / 3);
      const sameForm = randomUUID();
      const codes = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) => cashOut(i, randomUUID(), thirdNaira)),
        cashOut(0, sameForm, 1),
        cashOut(1, sameForm, 1),
      ]);
      expect(codes.filter((c) => c >= 500)).toEqual([]);
      const [cashOuts] = await query(
        `select count(*)::int as n, count(distinct idempotency_key)::int as keys from cash_outs`,
      );
      // Three thirds fit the wallet, and the one form sent twice.
      expect(cashOuts, `cash-out answers ${codes.join(',')}`).toEqual({ n: 4, keys: 4 });
      expect(await ledgerViolations(query)).toEqual(noViolations);

      // A limit counts requests to both: ten wrong passwords alternating, then the account is refused on either.
      const guessed = `nobody-${randomUUID().slice(0, 8)}@example.com`;
      const limitCodes: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await fetch(`${instances[i % 2]!.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: guessed, password: `wrong guess ${i}` }),
        });
        limitCodes.push(res.status);
      }
      expect(limitCodes).toEqual([...Array(10).fill(401), 429, 429]);

      // Both runners look every 15 s; by now each has looked at least twice, and every job (periods of 5 minutes
      // or more) ran once, on one instance.
      while (Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 500));
      const jobs = await query(
        `select name, runs, last_finished_at is not null as finished from scheduled_jobs order by name`,
      );
      expect(jobs.length).toBeGreaterThanOrEqual(4);
      for (const job of jobs) expect(job, String(job.name)).toMatchObject({ runs: 1, finished: true });
    });
  },
);
