import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  describeDatabaseError,
  isDatabaseUnavailable,
  retryWhileDatabaseUnavailable,
} from '../../db/unavailable';
import { templatesWithSecrets, type MailSite, type QueuedMail } from './mail/content';
import { renderMail } from './mail/render-mail';
import type { NotificationEvent } from './events';
import { listUnsubscribeHeaders } from './unsubscribe';

/** After this many failed attempts a mail is failed for good and shown to administrators. */
export const MAX_ATTEMPTS = 6;
/** Waits after the 1st, 2nd, ... failed attempt. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];
/**
 * A mail left 'sending' this long was claimed by an instance that died before it could record the outcome;
 * it is queued again. Longer than the SMTP transport's own time limits, so a live send never gets here.
 */
export const SENDING_LEASE_MS = 5 * 60_000;
const BATCH = 20;
/** How often a worker looks for claims that outlived their lease (SENDING_LEASE_MS). */
const REQUEUE_EVERY_MS = 60_000;
/**
 * How long a pass keeps trying to record a mail's outcome while the database is away. Shorter than the lease: past
 * it the mail may be queued again by another instance, and a mail sent but not recorded would then go twice.
 */
const RECORD_WAIT_MS = SENDING_LEASE_MS - 60_000;

/**
 * How often a mail server that cannot be reached is tried again (decision 0046): the waiting mails are not at fault,
 * so they keep their attempts and go within a minute of the server's return, however long it was away.
 */
const MAIL_SERVER_AWAY_RETRY_MS = 60_000;

export const backoffMs = (attempts: number) =>
  BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0]!;

interface ClaimedRow {
  id: string;
  to_address: string;
  template: QueuedMail['template'];
  data: QueuedMail['data'];
  attempts: number;
  account_id: string | null;
}

export interface MailWorkerDeps {
  db: Db;
  transport: () => MailTransport;
  site: MailSite & { unsubscribeSecret: string };
  log: FastifyBaseLogger;
  instance: string;
}

/** An SMTP 5xx answer (no such mailbox, refused) will not change by trying again. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Nodemailer's codes for a server that is not there or will take no mail at all: no connection (ESOCKET with the
 * socket's reason, ECONNECTION), no greeting or no answer in time (ETIMEDOUT), its name not found (EDNS), TLS or the
 * login failing (ETLS, EAUTH: the platform's settings or the server, never the mail).
 */
const SERVER_AWAY_CODES = new Set(['ESOCKET', 'ECONNECTION', 'ETIMEDOUT', 'EDNS', 'ETLS', 'EAUTH']);

/** The mail server is away or refuses every mail (421: closing, try later): nothing a retry of this mail alone would mend. */
function isMailServerAway(error: unknown): boolean {
  const { code, responseCode, command } = error as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  if (responseCode === 421 || command === 'CONN') return true;
  return typeof code === 'string' && SERVER_AWAY_CODES.has(code);
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Claims due mails with FOR UPDATE SKIP LOCKED and marks them 'sending' in one statement, so two workers
 * (two instances) never claim the same row. Mails whose claim outlived the lease are queued again first (the
 * worker asks for that once a minute).
 */
export async function claimDueMails(
  db: Db,
  instance: string,
  now: Date,
  limit = BATCH,
  { requeueExpired = true } = {},
): Promise<ClaimedRow[]> {
  if (requeueExpired)
    await db.execute(sql`
      update mail_queue set status = 'queued', claimed_by = null
      where status = 'sending' and claimed_at < ${new Date(now.getTime() - SENDING_LEASE_MS)}`);
  return queryRows<ClaimedRow>(
    db,
    sql`update mail_queue set status = 'sending', attempts = attempts + 1, claimed_at = ${now}, claimed_by = ${instance}
        where id in (
          select id from mail_queue where status = 'queued' and next_attempt_at <= ${now}
          order by id limit ${limit} for update skip locked)
        returning id, to_address, template, data, attempts, account_id`,
  );
}

/**
 * Sends one claimed mail and records the outcome; the row is only touched while this instance's claim holds. The
 * outcome of a mail already handed to the transport is recorded even across a database restart (decision 0042):
 * the pass waits for the database, so the mail is not sent a second time once its claim runs out.
 */
async function sendClaimed(deps: MailWorkerDeps, row: ClaimedRow, now: Date, stopping: () => boolean) {
  const mine = sql`id = ${row.id} and status = 'sending' and claimed_by = ${deps.instance}`;
  const record = (statement: ReturnType<typeof sql>) =>
    retryWhileDatabaseUnavailable(() => deps.db.execute(statement), {
      what: `recording mail ${row.id}`,
      log: deps.log,
      maxWaitMs: RECORD_WAIT_MS,
      maxDelayMs: 5_000,
      shouldStop: stopping,
    });
  let handedOver = false;
  try {
    const mail = await renderMail(
      row.to_address,
      { template: row.template, data: row.data } as QueuedMail,
      deps.site,
    );
    const event = row.template === 'event' ? (row.data as { event?: NotificationEvent }).event : undefined;
    const transport = deps.transport();
    handedOver = transport.kind === 'smtp';
    await transport.send({ ...mail, headers: listUnsubscribeHeaders(deps.site, row.account_id, event) });
  } catch (error) {
    // The SMTP server is down or unreachable (decision 0046): the mail waits, its attempt uncounted, and is tried
    // again in a minute; the pass stops here and the rest of its batch waits too (runOnce).
    if (handedOver && isMailServerAway(error)) {
      await record(sql`
        update mail_queue set status = 'queued', claimed_by = null, attempts = attempts - 1,
          next_attempt_at = ${new Date(now.getTime() + MAIL_SERVER_AWAY_RETRY_MS)}, last_error = ${`The mail server could not be reached: ${describe(error)}`}
        where ${mine}`);
      return 'server_away' as const;
    }
    // The outbox (or a template's read) could not reach the database: not the mail's fault, so no attempt is
    // counted and it goes again as soon as the database answers.
    if (isDatabaseUnavailable(error)) {
      deps.log.warn(
        { mailId: row.id, reason: describeDatabaseError(error) },
        'a queued mail waits for the database',
      );
      await record(
        sql`update mail_queue set status = 'queued', claimed_by = null, attempts = attempts - 1, next_attempt_at = ${now} where ${mine}`,
      );
      return 'failed' as const;
    }
    const final = isPermanent(error) || row.attempts >= MAX_ATTEMPTS;
    const next = new Date(now.getTime() + backoffMs(row.attempts));
    deps.log.warn(
      { mailId: row.id, template: row.template, attempts: row.attempts, final, err: describe(error) },
      'a queued mail could not be sent',
    );
    await record(sql`
      update mail_queue set status = ${final ? 'failed' : 'queued'}, next_attempt_at = ${next}, last_error = ${describe(error)}
      where ${mine}`);
    return 'failed' as const;
  }
  const wipe = templatesWithSecrets.has(row.template);
  await record(sql`
    update mail_queue set status = 'sent', sent_at = now(), last_error = null
      ${wipe ? sql`, data = '{}'::jsonb` : sql``}
    where ${mine}`);
  return 'sent' as const;
}

/**
 * Gives back mails this instance claimed but has not handed to the transport, as it stops (SIGTERM, decision 0045):
 * they are queued again at once, with their attempt uncounted, for another instance to send now rather than after
 * the lease. A mail already handed over is never given back (it could go twice). If the database cannot take it,
 * the lease gives them back later.
 */
async function releaseClaims(deps: MailWorkerDeps, rows: ClaimedRow[], until?: Date) {
  const ids = sql.join(
    rows.map((row) => sql`${row.id}`),
    sql`, `,
  );
  try {
    await deps.db.execute(sql`
      update mail_queue set status = 'queued', claimed_by = null, attempts = attempts - 1
        ${until ? sql`, next_attempt_at = ${until}` : sql``}
      where id in (${ids}) and status = 'sending' and claimed_by = ${deps.instance}`);
  } catch (error) {
    deps.log.warn(
      { mails: rows.length, reason: describeDatabaseError(error) },
      'claimed mails could not be given back as the mail worker stopped; they are queued again when their lease runs out',
    );
  }
}

export interface MailWorker {
  /** One pass: claims what is due and sends it; returns how many mails it handled. */
  runOnce(now?: Date): Promise<number>;
  /** Passes until nothing due is left (tests and the development outbox wait on this). */
  drain(now?: Date): Promise<number>;
  /** Asks for a pass soon; passes never overlap within an instance. */
  kick(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly running: boolean;
}

export interface MailWorkerOptions {
  pollMs: number;
  listen: (onNotify: () => void) => Promise<() => Promise<void>>;
  /** Mails claimed per pass. */
  batch?: number;
}

export function createMailWorker(deps: MailWorkerDeps, options: MailWorkerOptions): MailWorker {
  let running = false;
  /** stop() was called: a pass waiting for the database to record an outcome gives up, so closing is not held. */
  let stopRequested = false;
  let pass: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;

  // When this worker last queued again the mails whose claim outlived the lease. Once a minute is enough against a
  // 5-minute lease; each pass did it before, one statement for every join when members pay at once (decision 0055,
  // addendum 2). A `now` before the last look (a test's clock) looks again.
  let requeuedAt: number | null = null;
  const runOnce = async (now = new Date()) => {
    const requeueExpired =
      requeuedAt === null || now.getTime() - requeuedAt >= REQUEUE_EVERY_MS || now.getTime() < requeuedAt;
    const claimed = await claimDueMails(deps.db, deps.instance, now, options.batch ?? BATCH, {
      requeueExpired,
    });
    if (requeueExpired) requeuedAt = now.getTime();
    // RETURNING has no order: send in queue order, so a member's mails arrive in the order things happened.
    claimed.sort((a, b) => Number(a.id) - Number(b.id));
    for (const [i, row] of claimed.entries()) {
      if (stopRequested) {
        await releaseClaims(deps, claimed.slice(i));
        return i;
      }
      if ((await sendClaimed(deps, row, now, () => stopRequested)) === 'server_away') {
        // One look at the server a minute while it is away, not one connection timeout per mail: the rest of the batch
        // and every other mail due now wait the same minute (a mail queued meanwhile still gets its own try at once).
        const until = new Date(now.getTime() + MAIL_SERVER_AWAY_RETRY_MS);
        const waiting = claimed.slice(i + 1);
        if (waiting.length > 0) await releaseClaims(deps, waiting, until);
        await deps.db
          .execute(
            sql`update mail_queue set next_attempt_at = ${until} where status = 'queued' and next_attempt_at <= ${now}`,
          )
          .catch((error: unknown) =>
            deps.log.warn(
              { reason: describeDatabaseError(error) },
              'the waiting mails could not be put off; they are tried at the next look',
            ),
          );
        deps.log.warn(
          { claimed: claimed.length },
          'the mail server cannot be reached; the queued mails wait and it is tried again in a minute',
        );
        return i + 1;
      }
    }
    return claimed.length;
  };

  // A pass in flight is awaited rather than doubled; a kick during it asks for one more pass after it.
  const onePass = (now?: Date): Promise<number> => {
    if (pass) {
      again = true;
      return pass;
    }
    pass = runOnce(now).finally(() => {
      pass = null;
      if (again && running) {
        again = false;
        void onePass().catch(logPassError);
      }
    });
    return pass;
  };
  const logPassError = (error: unknown) =>
    isDatabaseUnavailable(error)
      ? deps.log.warn(
          { reason: describeDatabaseError(error) },
          'the mail worker cannot reach the database; it tries again at its next look',
        )
      : deps.log.error(
          { err: error },
          'the mail worker could not read the mail queue; it tries again shortly',
        );

  return {
    runOnce: onePass,
    async drain(now) {
      let total = 0;
      if (pass) await pass.catch(() => 0);
      for (;;) {
        const handled = await onePass(now);
        total += handled;
        if (handled === 0) return total;
      }
    },
    kick() {
      if (running) void onePass().catch(logPassError);
    },
    async start() {
      if (running) return;
      running = true;
      stopRequested = false;
      starting = (async () => {
        try {
          unlisten = await options.listen(() => this.kick());
        } catch (error) {
          deps.log.warn({ err: error }, 'the mail worker cannot listen for new mails; it polls only');
        }
      })();
      await starting;
      if (!running) return; // stopped while it was starting: stop() releases the listener
      timer = setInterval(() => this.kick(), options.pollMs);
      timer.unref();
      this.kick();
    },
    async stop() {
      running = false;
      stopRequested = true;
      clearInterval(timer);
      // A start still waiting for its listener must finish first, or the listener's connection would stay taken.
      await starting;
      await unlisten?.().catch(() => {});
      unlisten = null;
      await pass?.catch(() => 0);
    },
    get running() {
      return running;
    },
  };
}
