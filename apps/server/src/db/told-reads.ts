import type { Tx } from './db-types';
import { preparedRows, type Param, type PreparedStatement } from './prepared';

/** The channel the database tells changes on (migration 0042): `a:<account id>` for one account, `g` for the global versions. */
export const TOLD_READS_CHANNEL = 'told_reads';
/** The listening connection's application_name in pg_stat_activity. */
export const TOLD_READS_APPLICATION = 'coop told reads';

/** What the feed gives the kept reads: a round trip on the listening connection, and word of its loss. */
export interface ReadFeed {
  /** True once the listening connection answered a statement sent after the call; false when it is not listening. */
  roundTrip(): Promise<boolean>;
}

/** A statement whose row can be kept: it reads one account (`$1`), its session and, when `global`, a global version. */
export interface TellableStatement extends PreparedStatement {
  global?: boolean;
}

interface Kept {
  rows: readonly unknown[];
  account: string;
  global: boolean;
  /** When the row stops being right by itself (the session's expiry), in ms. */
  until: number;
}

interface InFlight {
  account: string;
  global: boolean;
  stale: boolean;
}

const MAX_KEPT = 20_000;

/**
 * Hot signed-in reads kept in the process and told by the database when they change (decision 0064). Triggers send
 * NOTIFY at the commit of any change to what these statements read; the feed listens on one connection of its own.
 * A kept row is given only after a round trip on that connection sent after the call arrived: PostgreSQL sends a
 * listener every notification committed before it answers, so a change committed before the call (a sign-out, a
 * suspension, a payment) has dropped the row by then, whichever instance made it. Calls that arrive together share
 * one round trip. Without a listening connection every call reads the database, as before.
 */
export class ToldReads {
  readonly #kept = new Map<string, Kept>();
  readonly #keysOf = new Map<string, Set<string>>();
  readonly #inFlight = new Set<InFlight>();
  #listening = false;
  #round: Promise<boolean> | null = null;
  #nextRound: Promise<boolean> | null = null;

  constructor(
    private readonly feed: ReadFeed,
    private readonly read: typeof preparedRows = preparedRows,
  ) {}

  /** Whether rows are kept now (the metric `coop_told_reads_listening`). */
  get isListening() {
    return this.#listening;
  }

  /** The feed listens: rows read from now on may be kept. */
  listening() {
    this.#listening = true;
  }

  /** The feed lost its connection, or cannot say what was missed: nothing kept is trusted. */
  lost() {
    this.#listening = false;
    this.#forgetAll();
  }

  /** A notification on the channel; without a payload (what was missed is unknown) everything is forgotten. */
  told(payload: string | undefined) {
    if (payload === 'g') {
      for (const call of this.#inFlight) if (call.global) call.stale = true;
      for (const [key, kept] of this.#kept) if (kept.global) this.#forget(key, kept);
    } else if (payload?.startsWith('a:')) {
      const account = payload.slice(2);
      for (const call of this.#inFlight) if (call.account === account) call.stale = true;
      for (const key of this.#keysOf.get(account) ?? []) this.#forget(key, this.#kept.get(key)!);
    } else {
      this.#forgetAll();
    }
  }

  /** The statement's rows for `params` (`params[0]` is the account), kept or read. */
  async rows<T>(db: Tx, statement: TellableStatement, params: readonly Param[]): Promise<T[]> {
    if (!this.#listening || !(await this.#caughtUp()) || !this.#listening)
      return this.read<T>(db, statement, params);
    const key = `${statement.name}\u0000${params.join('\u0000')}`;
    const kept = this.#kept.get(key);
    if (kept && Date.now() < kept.until) return kept.rows as T[];
    const call: InFlight = { account: String(params[0]), global: statement.global ?? false, stale: false };
    this.#inFlight.add(call);
    let rows: T[];
    try {
      rows = await this.read<T>(db, statement, params);
    } finally {
      this.#inFlight.delete(call);
    }
    // A change told while the statement ran may or may not be in its answer: that answer is given, not kept.
    const until = sessionEnd(rows);
    if (!call.stale && this.#listening && until !== null) this.#keep(key, { ...call, rows, until });
    return rows;
  }

  /** Every notification committed before this call has been handled once it resolves true. */
  #caughtUp(): Promise<boolean> {
    if (!this.#round) return (this.#round = this.#trip());
    // A round trip already on its way may have been sent before this call arrived: the next one is not.
    return (this.#nextRound ??= this.#round.then(() => {
      this.#nextRound = null;
      return (this.#round ??= this.#trip());
    }));
  }

  #trip(): Promise<boolean> {
    const trip: Promise<boolean> = this.feed
      .roundTrip()
      .catch(() => false)
      .finally(() => {
        if (this.#round === trip) this.#round = null;
      });
    return trip;
  }

  #keep(key: string, kept: Kept) {
    if (this.#kept.size >= MAX_KEPT) this.#forgetAll();
    this.#kept.set(key, kept);
    let keys = this.#keysOf.get(kept.account);
    if (!keys) this.#keysOf.set(kept.account, (keys = new Set()));
    keys.add(key);
  }

  #forget(key: string, kept: Kept) {
    this.#kept.delete(key);
    const keys = this.#keysOf.get(kept.account);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysOf.delete(kept.account);
  }

  #forgetAll() {
    for (const call of this.#inFlight) call.stale = true;
    this.#kept.clear();
    this.#keysOf.clear();
  }
}

/** A read is kept only when it admitted a session (one row), and only until that session expires. */
function sessionEnd(rows: readonly unknown[]): number | null {
  if (rows.length !== 1) return null;
  const expires = (rows[0] as { session_expires_at?: Date | string | null }).session_expires_at;
  if (expires === undefined || expires === null) return null;
  const at = new Date(expires).getTime();
  return Number.isFinite(at) ? at : null;
}
