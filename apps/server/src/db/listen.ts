import pg from 'pg';
import type { DatabaseLog } from './db-types';
import { TOLD_READS_APPLICATION, TOLD_READS_CHANNEL, ToldReads } from './told-reads';
import { backoffDelayMs, describeDatabaseError } from './unavailable';

/**
 * LISTEN on a connection of the pool, kept for as long as the listener lives. When that connection is lost (the
 * server restarted, a failover, a network cut) the error is handled here, never left to crash the process: the
 * connection is dropped and taken again with growing waits (0.5 s doubling to 30 s, for as long as it takes), and
 * once listening again `onNotify` is called once, since a NOTIFY sent while nobody listened is lost for good.
 */
export function listenWithReconnect(
  pool: pg.Pool,
  channel: string,
  onNotify: (payload?: string) => void,
  log: DatabaseLog,
  /** Word of the connection's loss, and of each time it listens (again). */
  watch: { lost?: () => void; listening?: () => void } = {},
) {
  const quoted = `"${channel.replace(/"/g, '')}"`;
  let client: pg.PoolClient | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let lostAt: number | null = null;
  /** The PostgreSQL session that took the LISTEN: every round trip must find the same one. */
  let sessionPid: number | null = null;

  const onMessage = (message: pg.Notification) => {
    if (message.channel === channel) onNotify(message.payload);
  };
  const lose = (error: unknown) => {
    const lost = client;
    if (!lost) return;
    client = null;
    lost.removeListener('notification', onMessage);
    // Destroyed, not put back: the pool must not hand a broken connection to a request.
    released.add(lost);
    lost.release(error instanceof Error ? error : true);
    watch.lost?.();
    if (stopped) return;
    lostAt ??= Date.now();
    log.warn(
      { channel, reason: describeDatabaseError(error) },
      'the database connection listening for notifications was lost; taking a new one',
    );
    schedule();
  };
  /** Connections this listener has given back, so that no path gives one back twice. */
  const released = new WeakSet<pg.PoolClient>();
  const schedule = () => {
    attempt += 1;
    timer = setTimeout(() => void connect(), backoffDelayMs(attempt, 30_000));
    timer.unref();
  };
  const connect = async (): Promise<boolean> => {
    if (stopped) return false;
    let taken: pg.PoolClient | null = null;
    try {
      taken = await pool.connect();
      // Registered before anything else can fail: an error event with no listener would end the process.
      taken.on('error', (error) => (client === taken ? lose(error) : undefined));
      taken.on('end', () => (client === taken ? lose(new Error('Connection ended')) : undefined));
      client = taken;
      taken.on('notification', onMessage);
      await taken.query(`LISTEN ${quoted}`);
      sessionPid = await backendPid(taken);
    } catch (error) {
      // The connection's error or end event came first (the database went away during LISTEN): lose() has released
      // it and scheduled the next try. Releasing it twice throws, and in this detached task that ended the process.
      if (taken && released.has(taken)) return false;
      if (client === taken && taken) {
        lose(error);
        return false;
      }
      taken?.release(true);
      if (stopped) return false;
      if (attempt === 0 || attempt % 5 === 0)
        log.warn(
          { channel, attempt, reason: describeDatabaseError(error) },
          'cannot listen for notifications yet; trying again',
        );
      schedule();
      return false;
    }
    if (stopped) {
      await stop();
      return false;
    }
    if (lostAt !== null) {
      log.info(
        { channel, attempts: attempt, downForMs: Date.now() - lostAt },
        'listening for notifications again; looking for what was missed',
      );
      lostAt = null;
      // Whatever was notified while no connection listened: the listener looks once now.
      onNotify();
    }
    attempt = 0;
    watch.listening?.();
    return true;
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    const held = client;
    client = null;
    if (!held) return;
    held.removeListener('notification', onMessage);
    released.add(held);
    await held.query(`UNLISTEN ${quoted}`).catch(() => {});
    held.release();
  };
  /**
   * A statement on the listening connection: every notification committed before it was sent has arrived once it
   * answers, if it ran in the session that listens. A pooler that hands each statement to any session (PgBouncer in
   * transaction mode) breaks that, and is told apart by the session's process id.
   */
  const roundTrip = async (): Promise<'caught up' | 'not listening' | 'not one session'> => {
    const held = client;
    if (!held) return 'not listening';
    let timer: NodeJS.Timeout | undefined;
    // A connection cut without a word never answers: after 5 s it is taken for lost, and a new one is taken.
    const cut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer on the listening connection in 5 s')), 5_000);
    });
    try {
      const pid = await Promise.race([backendPid(held), cut]);
      if (client !== held) return 'not listening';
      return pid === sessionPid ? 'caught up' : 'not one session';
    } catch (error) {
      if (client === held) lose(error);
      return 'not listening';
    } finally {
      clearTimeout(timer);
    }
  };
  return { connect, stop, roundTrip, markLost: () => (lostAt ??= Date.now()) };
}

/**
 * The kept reads' feed: a connection of its own (not one of the pool's), listening on the told-reads channel and
 * taken again when lost. Until it listens, and from its loss until it listens again, nothing is kept.
 */
async function backendPid(client: pg.ClientBase) {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return rows[0]!.pid;
}

export async function toldReadsOn(databaseUrl: string, log: DatabaseLog) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    keepAlive: true,
    connectionTimeoutMillis: 10_000,
    // Named, so an operator looking at pg_stat_activity knows the connection that only listens.
    application_name: TOLD_READS_APPLICATION,
  });
  pool.on('error', () => {}); // the listener's own handlers log the loss and take a new connection
  let listener: ReturnType<typeof listenWithReconnect> | null = null;
  // Set for good once the listening connection is found not to keep one session: notifications would then reach
  // other clients of the pooler, and a kept row could outlive a sign-out.
  let pooled = false;
  const roundTrip = async () => {
    const answer = (await listener?.roundTrip()) ?? 'not listening';
    if (answer === 'not one session' && !pooled) {
      pooled = true;
      reads.lost();
      log.error(
        { variable: 'DATABASE_LISTEN_URL' },
        'the connection that listens for changes does not keep one PostgreSQL session (a pooler such as PgBouncer in transaction mode is in the way): this instance keeps no member read until restarted; set DATABASE_LISTEN_URL to PostgreSQL itself',
      );
    }
    return answer === 'caught up' && !pooled;
  };
  const reads = new ToldReads({ roundTrip });
  listener = listenWithReconnect(
    pool,
    TOLD_READS_CHANNEL,
    // Called without a payload once listening again: what was told meanwhile is unknown, so all is forgotten first.
    (payload) => reads.told(payload),
    log,
    { lost: () => reads.lost(), listening: () => (pooled ? undefined : reads.listening()) },
  );
  if (!(await listener.connect())) listener.markLost();
  return {
    reads,
    close: async () => {
      reads.lost();
      await listener!.stop();
      await pool.end();
    },
  };
}
