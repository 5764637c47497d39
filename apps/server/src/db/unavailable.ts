/**
 * When the database cannot be reached (decision 0042): what counts as "the database is away for now" rather than
 * a fault of the request or of the code, and the bounded, growing waits the platform uses while it is away.
 */

/** Socket-level codes Node gives when the server is not there or the connection broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * PostgreSQL's SQLSTATEs of a server going away or not accepting yet: class 08 (connection exception),
 * 57P01 admin_shutdown (pg_ctl stop, a failover), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * recovering), 53300 too_many_connections (every slot taken, as during a restart of many instances).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool say these in words, without a code. */
const MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection ended',
  'the database system is starting up',
  'the database system is shutting down',
  'terminating connection due to administrator command',
];

function oneIsUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true;
  return MESSAGES.some((m) => error.message.includes(m));
}

/**
 * True when the error (or one it wraps: Drizzle's query error keeps the driver's as `cause`, and Node's connect
 * to several addresses gives an AggregateError) says the database is unreachable for now. Statement and lock
 * timeouts are not in it: the database answered (see `isDatabaseBusy`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    if (oneIsUnavailable(current)) return true;
    queue.push(current.cause);
    if (current instanceof AggregateError) queue.push(...current.errors);
  }
  return false;
}

/** 57014 query_canceled (statement_timeout) and 55P03 lock_not_available (lock_timeout): the database is overloaded or a row is held too long. */
export function isDatabaseBusy(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (code === '57014' || code === '55P03') return true;
  }
  return false;
}

/** The wait before attempt `attempt` (1, 2, ...): 0.5 s doubled each time, never above `maxMs`. */
export const backoffDelayMs = (attempt: number, maxMs = 10_000) =>
  Math.min(maxMs, 500 * 2 ** Math.max(0, attempt - 1));

/**
 * Why the database could not be used, in one line for the log: the error in the chain that says so (Drizzle's
 * wrapper names the query, the driver's cause says "Connection terminated"), with its code; first line only, so a
 * query's parameters (Drizzle puts them on the next line) never reach the log, nor the URL (node-postgres never
 * puts it in a message).
 */
export const describeDatabaseError = (error: unknown) => {
  const chain: unknown[] = [];
  for (
    let current: unknown = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    chain.push(current);
    if (current instanceof AggregateError && current.errors.length > 0) chain.push(current.errors[0]);
  }
  const telling = chain.find(oneIsUnavailable) ?? chain.at(-1) ?? error;
  const code = (telling as { code?: unknown }).code;
  const text =
    telling instanceof Error
      ? `${typeof code === 'string' ? `${code}: ` : ''}${telling.message}`
      : String(telling);
  return text.split('\n')[0]!.slice(0, 300);
};

export interface OutageLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * Runs `work`, and while it fails because the database is unreachable, waits (backoffDelayMs) and runs it again,
 * for at most `maxWaitMs` in all; any other error, or the last one past the limit, is thrown. `work` is told
 * whether it is a repeat, so a caller can make the repeat ask first what the interrupted attempt did.
 */
export async function retryWhileDatabaseUnavailable<T>(
  work: (repeat: boolean) => Promise<T>,
  options: {
    what: string;
    log: OutageLog;
    maxWaitMs: number;
    maxDelayMs?: number;
    /** Asked before each wait: true gives up at once (the process is closing). */
    shouldStop?: () => boolean;
    sleep?: (ms: number) => Promise<void>;
    /** The clock the limit is counted on (tests hand in one that the fake sleep moves). */
    now?: () => number;
  },
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const started = now();
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await work(attempt > 1);
      if (attempt > 1)
        options.log.info(
          { what: options.what, attempts: attempt },
          'the database answers again; the work went on',
        );
      return result;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The last wait is cut to what is left, so the work is tried once more at the limit rather than given up early.
      const remainingMs = options.maxWaitMs - (now() - started);
      if (remainingMs <= 0 || options.shouldStop?.()) throw error;
      const delayMs = Math.min(backoffDelayMs(attempt, options.maxDelayMs), remainingMs);
      options.log.warn(
        { what: options.what, attempt, retryInMs: delayMs, reason: describeDatabaseError(error) },
        'the database is not reachable; waiting to try again',
      );
      await sleep(delayMs);
    }
  }
}
