import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  chargeSuccessWebhook,
  ledgerViolations,
  noViolations,
  postWebhook,
  SANDBOX_SECRET_KEY,
  type Query,
} from '../support/ledger-invariants';
import { api, paidMember, signIn, signUpAndConfirm } from '../support/members';
import { migratedDataDir } from '../support/data-dir';
import { removeDir, startPlatform, type RunningServer } from '../support/server';
import { createThrowawayDatabase } from '../../apps/server/test/throwaway-postgres';

/**
 * The platform killed with SIGKILL in the middle of a burst of fee payments and cash-outs, then restarted on the
 * same database (issue 15). Whatever the sandbox accepted before the kill must end up paid and placed exactly
 * once, every cash-out form exactly once, and the ledger whole: no half-written entry, every balance row equal to
 * its lines, every wallet the members see equal to its ledger sum.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'admin@example.com', password: 'crash-test-admin-password' };
const SPONSORS = 3;
const BURST_MEMBERS = 12;
/** The kill lands once at least this many checkouts of the burst have been paid in the sandbox (see burstThenKill). */
const KILL_AFTER_ACCEPTED = 6;
const CASH_OUT_NAIRA = 10;

interface Member {
  email: string;
  token: string;
}

interface Reader {
  query: Query;
  close(): Promise<void>;
}

/**
 * Payment started again after the restart, as the member would: a start the kill cut off between its payment row
 * and the provider's answer is taken for a second click still being set up, for half a minute ("wait a moment and
 * press the button again"), so the member presses again until a checkout comes back.
 */
async function startAgain(url: string, member: { email: string; token: string }): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (
        await api<{ reference: string }>(url, '/api/auth/process-payment', {
          method: 'POST',
          body: { email: member.email },
          token: member.token,
        })
      ).reference;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('checkout_in_progress')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

/** Where the platform keeps its data, and how the test reads it while no platform process has it open. */
interface Store {
  env: Record<string, string>;
  dataDir: string;
  /** The database as it is; for PGlite only once the platform has stopped for good. */
  open(): Promise<Reader>;
  /**
   * The database as the kill left it, read without touching it: the restarted platform must be the one that
   * recovers it (for PGlite a copy of the folder is opened, since opening it replays its log).
   */
  openAsLeft(): Promise<Reader>;
  drop(): Promise<void>;
}

async function openPglite(dir: string, onClose: () => void = () => {}): Promise<Reader> {
  const db = new PGlite(path.join(dir, 'pglite'));
  await db.waitReady;
  return {
    query: async (text) => (await db.query<Record<string, unknown>>(text)).rows,
    close: async () => {
      await db.close();
      onClose();
    },
  };
}

function pgliteStore(): Store {
  const dataDir = migratedDataDir('coop-crash-');
  return {
    env: {},
    dataDir,
    open: () => openPglite(dataDir),
    async openAsLeft() {
      const copy = mkdtempSync(path.join(tmpdir(), 'coop-crash-copy-'));
      cpSync(path.join(dataDir, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
      return openPglite(copy, () => removeDir(copy));
    },
    async drop() {
      removeDir(dataDir);
    },
  };
}

async function postgresStore(url: string): Promise<Store> {
  // Empty: the platform migrates it when it first starts.
  const database = await createThrowawayDatabase(url, { prefix: 'crash' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coop-crash-'));
  // Another client on the server changes nothing the restarted platform will see.
  const open = async (): Promise<Reader> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return {
      query: async (text) => (await client.query(text)).rows as Array<Record<string, unknown>>,
      close: () => client.end(),
    };
  };
  return {
    env: { DATABASE_URL: database.url },
    dataDir,
    open,
    openAsLeft: open,
    async drop() {
      removeDir(dataDir);
      await database.drop();
    },
  };
}

/** fetch's answer when the server is gone: refused, reset or closed mid-answer. */
const isConnectionError = (error: unknown) => error instanceof TypeError && error.message === 'fetch failed';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const koboOf = (naira: string) => {
  const [whole, fraction = ''] = naira.replace(/,/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** `count` at a time, so sign-ups do not all wait on one mail worker at once. */
async function inGroups<T, R>(items: T[], count: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += count)
    results.push(
      ...(await Promise.all(items.slice(start, start + count).map((item, i) => work(item, start + i)))),
    );
  return results;
}

/** The sandbox's word on a checkout (Paystack's verify call), asked of whichever platform process is up. */
async function sandboxStatus(baseURL: string, reference: string) {
  const res = await fetch(`${baseURL}/sandbox/paystack/transaction/verify/${reference}`, {
    headers: { authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
  });
  if (res.status === 404) return 'unknown';
  const { data } = (await res.json()) as { data: { status: string } };
  return data.status;
}

async function waitUntilPaid(
  baseURL: string,
  member: Member,
  reference: string,
  stop: () => boolean = () => false,
) {
  for (let i = 0; i < 120 && !stop(); i++) {
    const status = await api<{ paid: boolean }>(baseURL, `/api/payments/${reference}`, {
      token: member.token,
    });
    if (status.paid) return true;
    await pause(100);
  }
  return false;
}

function cashOut(baseURL: string, adminToken: string, form: { email: string; key: string }) {
  return fetch(`${baseURL}/api/admin/payOutCash`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${adminToken}`,
      'idempotency-key': form.key,
      'x-forwarded-for': '10.99.0.1',
    },
    body: JSON.stringify({ email: form.email, amount: String(CASH_OUT_NAIRA) }),
  });
}

interface Checkout {
  member: Member;
  reference?: string;
  /** The sandbox answered the Pay button before the kill. */
  accepted: boolean;
  seenPaid: boolean;
}

interface CashOutForm {
  email: string;
  key: string;
  /** The platform's status code, or null when the kill took the answer. */
  status: number | null;
}

/**
 * The burst: each member starts a payment, pays it in the sandbox checkout (whose charge.success webhook the
 * platform settles in the background) and polls the payment page until paid, one member every 50 ms; meanwhile
 * the administrator records cash-outs from each sponsor's wallet, one after the other. The platform is killed
 * as the sandbox answers a Pay, once KILL_AFTER_ACCEPTED checkouts are paid and activations are flowing (a
 * member has seen theirs), or at the latest as it answers the last one.
 */
async function burstThenKill(
  platform: RunningServer,
  members: Member[],
  sponsors: Member[],
  adminToken: string,
) {
  const checkouts: Checkout[] = members.map((member) => ({ member, accepted: false, seenPaid: false }));
  const forms: CashOutForm[] = [];
  /** Members whose payment is under way (starting, paying or waiting to see it activated), and cash-outs sent. */
  const inFlight = { payments: 0, cashOuts: 0 };
  const lost = { payments: 0, cashOuts: 0 };
  const unexpected: string[] = [];
  let killed = false;
  let accepted = 0;
  let seenPaid = 0;
  let inFlightAtKill = { ...inFlight };
  let killNow: () => void = () => {};
  const killSignal = new Promise<void>((resolve) => (killNow = resolve));

  async function call<T>(kind: keyof typeof inFlight, request: () => Promise<T>): Promise<T | 'lost'> {
    inFlight[kind] += 1;
    try {
      return await request();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      lost[kind] += 1;
      return 'lost';
    } finally {
      inFlight[kind] -= 1;
    }
  }

  async function pay(checkout: Checkout, index: number) {
    await pause(index * 50);
    if (killed) return;
    const { member } = checkout;
    const started = await call('payments', () =>
      api<{ reference: string }>(platform.url, '/api/auth/process-payment', {
        method: 'POST',
        body: { email: member.email },
        token: member.token,
      }),
    );
    if (started === 'lost' || killed) return;
    checkout.reference = started.reference;
    const paid = await call('payments', () =>
      api(platform.url, `/sandbox/paystack/checkout/${started.reference}`, {
        method: 'POST',
        body: { outcome: 'success' },
      }),
    );
    if (paid === 'lost') return;
    checkout.accepted = true;
    accepted += 1;
    // The platform settles this payment's webhook right now, and earlier ones' activations are under way.
    if ((accepted >= KILL_AFTER_ACCEPTED && seenPaid > 0) || accepted === members.length) killNow();
    const seen = await call('payments', () =>
      waitUntilPaid(platform.url, member, started.reference, () => killed),
    );
    checkout.seenPaid = seen === true;
    if (checkout.seenPaid) seenPaid += 1;
  }

  /** Set once the kill is due: the next cash-out sent calls it, so the kill always takes a cash-out's answer. */
  let killOnNextCashOut: (() => void) | null = null;

  async function cashOutsFrom(sponsor: Member) {
    // Until the kill: a cap here could end the cash-outs before the payments call for the kill.
    while (!killed) {
      const form: CashOutForm = { email: sponsor.email, key: randomUUID(), status: null };
      forms.push(form);
      const sent = call('cashOuts', () => cashOut(platform.url, adminToken, form));
      killOnNextCashOut?.();
      const res = await sent;
      if (res === 'lost') return;
      form.status = res.status;
      if (res.status !== 200) unexpected.push(`cash-out ${res.status}: ${await res.text()}`);
      await pause(20);
    }
  }

  const payments = Promise.all(
    checkouts.map((c, i) => pay(c, i).catch((e: Error) => void unexpected.push(e.message))),
  );
  // Should every payment fail before the kill is called for, the kill still comes and the cash-outs still end.
  void payments.then(() => killNow());
  const work = Promise.all([payments, ...sponsors.map(cashOutsFrom)]);
  await killSignal;
  await new Promise<void>((resolve) => (killOnNextCashOut = resolve));
  killed = true;
  inFlightAtKill = { ...inFlight };
  platform.process.kill('SIGKILL');
  await platform.exited;
  await work;
  return { checkouts, forms, inFlightAtKill, lost, unexpected };
}

async function crashInABurst(label: string, store: Store) {
  const env = { ...store.env, TRUST_PROXY: '1', DEMO_ADMIN_PASSWORD: ADMIN.password };
  const platforms: RunningServer[] = [];
  const start = async () => {
    const platform = await startPlatform(env, { dataDir: store.dataDir });
    platforms.push(platform);
    return platform;
  };
  try {
    // Before: sponsors with a referral bonus in their wallets, members signed in and ready to pay under them.
    let platform = await start();
    const adminToken = (
      await api<{ token: string }>(platform.url, '/api/admin/adminLogin', { method: 'POST', body: ADMIN })
    ).token;
    const sponsors = await Promise.all(
      Array.from({ length: SPONSORS }, async (_, i) => {
        const sponsor = await paidMember(platform.url, 'main', `Sponsor Number${i + 1}`);
        await paidMember(platform.url, 'main', `First Friend${i + 1}`, sponsor.referralCode);
        return sponsor;
      }),
    );
    const members = await inGroups(
      Array.from({ length: BURST_MEMBERS }, (_, i) => i),
      4,
      async (i) => {
        const email = await signUpAndConfirm(
          platform.url,
          'main',
          `Burst Member${i + 1}`,
          sponsors[i % SPONSORS]!.referralCode,
        );
        return { email, token: (await signIn(platform.url, 'main', email)).token };
      },
    );

    // The burst, and the kill in its middle.
    const burst = await burstThenKill(platform, members, sponsors, adminToken);
    const acceptedBeforeKill = burst.checkouts.filter((c) => c.accepted);
    const answeredCashOuts = burst.forms.filter((f) => f.status === 200);
    const lostCashOuts = burst.forms.filter((f) => f.status === null);
    console.info(
      `[${label}] killed after ${acceptedBeforeKill.length} paid checkouts (${acceptedBeforeKill.filter((c) => !c.seenPaid).length} not yet seen activated) ` +
        `and ${answeredCashOuts.length} recorded cash-outs; in flight: ${burst.inFlightAtKill.payments} payments under way, ${burst.inFlightAtKill.cashOuts} cash-outs; ` +
        `lost to the kill: ${burst.lost.payments} payment calls, ${burst.lost.cashOuts} cash-outs`,
    );
    expect(burst.unexpected).toEqual([]);
    // The kill landed mid-burst: some payments and cash-outs went through before it, and it took some answers.
    expect(acceptedBeforeKill.length).toBeGreaterThanOrEqual(KILL_AFTER_ACCEPTED);
    expect(answeredCashOuts.length).toBeGreaterThan(0);
    expect(burst.lost.payments + burst.lost.cashOuts).toBeGreaterThan(0);
    expect(lostCashOuts.length).toBeGreaterThan(0);

    // What the kill left: every invariant holds at each commit, so it holds now, before any recovery; and some
    // payments the sandbox had accepted were not yet activated.
    const left = await store.openAsLeft();
    let acceptedButPending: number;
    try {
      expect(await ledgerViolations(left.query), 'as the kill left the database').toEqual(noViolations);
      const [pending] = await left.query(
        `select count(*)::int as n from payments p join sandbox_transactions s on s.reference = p.reference where s.status = 'success' and p.status <> 'paid'`,
      );
      acceptedButPending = Number(pending!.n);
    } finally {
      await left.close();
    }
    expect(acceptedButPending, 'payments the sandbox accepted and the kill left pending').toBeGreaterThan(0);

    // After: the same database, the webhooks sent again for every checkout the sandbox paid, the others paid now
    // (or started again when the kill took the start's answer), and each member's payment page until paid.
    platform = await start();
    const acceptedBySandbox: string[] = [];
    await inGroups(burst.checkouts, 4, async (checkout) => {
      let reference = checkout.reference;
      const status = reference ? await sandboxStatus(platform.url, reference) : 'unknown';
      // What the sandbox answered as paid before the kill, it still knows as paid.
      if (checkout.accepted) expect(status, `the sandbox's word on ${reference}`).toBe('success');
      if (reference && status === 'success') {
        acceptedBySandbox.push(reference);
        expect(await postWebhook(platform.url, await chargeSuccessWebhook(platform.url, reference))).toBe(
          200,
        );
      } else {
        if (!reference || status !== 'abandoned') reference = await startAgain(platform.url, checkout.member);
        await api(platform.url, `/sandbox/paystack/checkout/${reference}`, {
          method: 'POST',
          body: { outcome: 'success' },
        });
      }
      expect(
        await waitUntilPaid(platform.url, checkout.member, reference),
        `${checkout.member.email}'s payment ${reference}`,
      ).toBe(true);
    });
    expect(acceptedBySandbox.length).toBeGreaterThanOrEqual(acceptedBeforeKill.length);
    // Each cash-out form the kill left unanswered, sent again with its key: recorded now, or found recorded.
    let replayed = 0;
    for (const form of lostCashOuts) {
      const res = await cashOut(platform.url, adminToken, form);
      expect(res.status, await res.text()).toBe(200);
      form.status = 200;
      if (res.headers.get('idempotent-replayed') === 'true') replayed += 1;
    }
    const walletsShown = await Promise.all(
      sponsors.map(async (s) => ({
        email: s.email,
        kobo: koboOf(
          (await api<{ wallet: string }>(platform.url, '/api/me?programme=main', { token: s.token })).wallet,
        ),
      })),
    );
    console.info(
      `[${label}] after the restart: ${acceptedBySandbox.length} checkouts the sandbox had paid (${acceptedButPending} of them left pending by the kill), ${lostCashOuts.length - replayed} lost cash-outs recorded now, ${replayed} found recorded`,
    );
    expect(await platform.stop()).toBe(0);

    // What holds in the database.
    const { query, close } = await store.open();
    try {
      expect(await ledgerViolations(query)).toEqual(noViolations);
      // Paid at the sandbox if and only if paid here (a start the kill cut short has no checkout), and each member
      // paid (and placed) once.
      expect(
        await query(`select p.reference, p.status, s.status as sandbox from payments p left join sandbox_transactions s on s.reference = p.reference
                     where (p.status = 'paid') <> coalesce(s.status = 'success', false)`),
      ).toEqual([]);
      expect(
        await query(
          `select account_id, count(*) filter (where status = 'paid')::int as paid from payments group by account_id having count(*) filter (where status = 'paid') <> 1`,
        ),
      ).toEqual([]);
      const [counts] = await query(
        `select (select count(*)::int from payments where status = 'paid') as paid, (select count(*)::int from positions where account_id is not null) as positions`,
      );
      expect(counts).toEqual({ paid: 2 * SPONSORS + BURST_MEMBERS, positions: 2 * SPONSORS + BURST_MEMBERS });
      const acceptedRefs = acceptedBySandbox.map((r) => `'${r}'`).join(',');
      expect(
        await query(
          `select reference, status from payments where reference in (${acceptedRefs}) and status <> 'paid'`,
        ),
      ).toEqual([]);
      expect(
        await query(
          `select p.reference from payments p left join journal_entries e on e.idempotency_key = 'fee:' || p.reference where p.status = 'paid' and e.id is null`,
        ),
      ).toEqual([]);
      // Every cash-out form once: exactly the keys answered 200, each with its journal entry.
      const recorded = await query(
        `select c.idempotency_key as key from cash_outs c join journal_entries e on e.id = c.journal_entry_id and e.kind = 'cash_out'`,
      );
      expect(recorded.map((r) => r.key).sort()).toEqual(
        burst.forms
          .filter((f) => f.status === 200)
          .map((f) => f.key)
          .sort(),
      );
      // Each wallet a member sees equals its ledger sum, and its cash-out lines equal its cash-outs.
      const wallets = await query(`
        select u.email, coalesce(sum(l.amount_kobo), 0)::text as lines,
               coalesce(-sum(l.amount_kobo) filter (where e.kind = 'cash_out'), 0)::text as cashed_out,
               (select coalesce(sum(c.amount_kobo), 0) from cash_outs c where c.account_id = u.id)::text as cash_outs
        from ledger_accounts a join accounts u on u.id = a.account_id
        left join journal_lines l on l.ledger_account_id = a.id left join journal_entries e on e.id = l.entry_id
        where a.kind = 'wallet' group by u.id, u.email`);
      for (const shown of walletsShown) {
        const wallet = wallets.find((w) => w.email === shown.email);
        expect(wallet, shown.email).toBeDefined();
        expect(Number(wallet!.lines), `${shown.email}'s wallet`).toBe(shown.kobo);
        expect(wallet!.cashed_out, `${shown.email}'s cash-out lines`).toBe(wallet!.cash_outs);
      }
    } finally {
      await close();
    }
  } finally {
    for (const platform of platforms)
      if (platform.process.exitCode === null && platform.process.signalCode === null)
        platform.process.kill('SIGKILL');
    await Promise.all(platforms.map((p) => p.exited));
    await store.drop();
  }
}

describe('a platform killed in a burst of payments and cash-outs [pglite]', () => {
  it(
    'finishes every payment the sandbox accepted once and keeps the ledger whole after a restart',
    { timeout: 240_000 },
    async () => {
      await crashInABurst('pglite', pgliteStore());
    },
  );
});

describe.skipIf(!serverUrl)(
  `a platform killed in a burst of payments and cash-outs [postgres]${serverUrl ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`,
  () => {
    it(
      'finishes every payment the sandbox accepted once and keeps the ledger whole after a restart',
      { timeout: 240_000 },
      async () => {
        await crashInABurst('postgres', await postgresStore(serverUrl!));
      },
    );
  },
);
