import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * After the listener closes, how long the connections it had just accepted get for their request to be read: Node
 * counts a connection whose request it has not read yet as idle, and closing it would cut a request the proxy has
 * already sent (which nginx then may not send elsewhere: a POST). Past this, idle means a kept-alive connection.
 */
const SETTLE_MS = 250;
/** How often kept-alive connections that have gone idle are closed while the instance drains. */
const IDLE_SWEEP_MS = 100;

interface ShutdownOutcome {
  /** Everything in flight finished within the limit and the app closed. */
  drained: boolean;
  /** When the limit ran out: the connections cut and the scheduled jobs whose periods were given back. */
  cut?: { connections: number; jobs: string[] };
}

const connectionCount = (server: net.Server) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));

/**
 * Readies the app for a graceful stop (before it listens: the hook cannot be added later) and returns the stop. A
 * stopping instance (SIGTERM, decision 0045): it stops accepting connections at once, so a proxy's next
 * attempt is refused and goes to another instance; it finishes the requests it has (each answer says
 * `Connection: close`), claims no more scheduled jobs and gives back the mails it claimed but has not sent; then
 * the app closes (the job running here finishes, the database closes). If that takes longer than `graceMs`, the
 * remaining connections are cut and the periods of the jobs still running are given back, so another instance runs
 * them at its next tick rather than a period later; the caller exits either way.
 */
export function prepareShutdown(app: FastifyInstance): (graceMs: number) => Promise<ShutdownOutcome> {
  let stopping = false;
  // Every answer from then on closes its connection (those in flight too), so no client keeps one open to an
  // instance that is going.
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) void reply.header('connection', 'close');
  });
  return (graceMs) => {
    stopping = true;
    return drainAndClose(app, graceMs);
  };
}

async function drainAndClose(app: FastifyInstance, graceMs: number): Promise<ShutdownOutcome> {
  const server = app.server;
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'limit'>((resolve) => {
    timer = setTimeout(() => resolve('limit'), graceMs);
  });
  // net's close, not http's: http's also closes at once every connection whose request has not been read yet.
  const connectionsEnded = new Promise<void>((resolve) =>
    net.Server.prototype.close.call(server, () => resolve()),
  );
  const work = Promise.allSettled([app.jobs.stop(), app.mailWorker.stop()]);
  let sweep: NodeJS.Timeout | undefined;
  const settle = setTimeout(() => {
    server.closeIdleConnections();
    sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  }, SETTLE_MS);
  try {
    const drained = await Promise.race([
      Promise.all([connectionsEnded, work])
        .then(() => app.close())
        .then(() => 'drained' as const),
      limit,
    ]);
    if (drained === 'drained') return { drained: true };
    const connections = await connectionCount(server);
    server.closeAllConnections();
    const jobs = await app.jobs.releaseUnfinished().catch((error: unknown) => {
      app.log.error(
        { err: error },
        'the periods of the jobs still running could not be given back; they run again at their next period',
      );
      return [];
    });
    app.log.warn(
      { connections, jobs, graceSeconds: graceMs / 1000 },
      'the drain limit ran out: requests still in flight were cut and the jobs still running were given back to the other instances',
    );
    return { drained: false, cut: { connections, jobs } };
  } finally {
    clearTimeout(timer);
    clearTimeout(settle);
    clearInterval(sweep);
  }
}
