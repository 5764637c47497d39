import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { VerifiedTransaction } from '../../adapters/payments';
import type { DatabaseLog, DatabaseTimeouts, Db } from '../../db/client';
import { errorFromClone, type ClonedError } from '../../lib/thread-errors';
import { startTsWorker } from '../../lib/ts-worker';
import type { PaymentRow } from './queries';
import type { SettleOutcome } from './settle-verified';

/** What the settlement thread is started with: its own pool on the platform's PostgreSQL database. */
export interface SettlementThreadOptions {
  databaseUrl: string;
  poolSize: number;
  timeouts: DatabaseTimeouts;
}

export type ToSettlementThread =
  | { kind: 'settle'; id: number; payment: PaymentRow; verified: VerifiedTransaction | { found: false } }
  | { kind: 'close' };

export type FromSettlementThread =
  | { kind: 'settled'; id: number; outcome: SettleOutcome }
  | { kind: 'failed'; id: number; error: ClonedError }
  | { kind: 'log'; level: 'info' | 'warn' | 'error'; details: object; message: string };

export interface SettlementThread {
  settle(payment: PaymentRow, verified: VerifiedTransaction | { found: false }): Promise<SettleOutcome>;
  /** Starts the thread ahead of its first settlement (it loads in a second or two). */
  warm(): void;
  /** Lets the settlements already handed over finish, then ends the thread and its pool. */
  close(): Promise<void>;
  /**
   * Ends the thread at once, as a fault would: what it held fails, and its transactions roll back as their
   * connections close. The next settlement starts a new thread. Also what close does when its time runs out.
   */
  abort(): Promise<void>;
}

/** The settlement thread's connections, as pg_stat_activity names them. */
export const SETTLEMENT_THREAD_APPLICATION = 'coop-settlements';

/** How long close waits for the thread to finish what it was given (its statements have their own time limits). */
const CLOSE_LIMIT_MS = 30_000;

/**
 * The settlements' transactions on a thread of their own (decision 0066). Placements of a programme run one at a
 * time under its lock, and each of their dozen round trips waited for the request thread's event loop, which every
 * request, webhook and mail shares: most of the time the lock was held was that wait. Here each answer is taken up
 * at once. The thread starts with the first checkout (warm) or settlement. When it dies, the settlements it held
 * fail (each payment is settled again by its next check, exactly once under its row's lock) and the next one starts
 * a new thread.
 */
export function startSettlementThread(options: SettlementThreadOptions, log: DatabaseLog): SettlementThread {
  let worker: Worker | null = null;
  let closing = false;
  let nextId = 1;
  const pending = new Map<number, { resolve: (o: SettleOutcome) => void; reject: (e: Error) => void }>();
  const inFlight = new Set<Promise<unknown>>();

  const start = () => {
    const started = startTsWorker(new URL('./settlement-worker.ts', import.meta.url), {
      workerData: options,
    });
    started.on('message', (message: FromSettlementThread) => {
      if (message.kind === 'log') return log[message.level](message.details, message.message);
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.kind === 'settled') waiting.resolve(message.outcome);
      else waiting.reject(errorFromClone(message.error));
    });
    started.on('error', (error) =>
      log.error(
        { err: error },
        'the settlement thread failed; the payments it held are settled by their next check',
      ),
    );
    started.on('exit', (code) => {
      if (worker === started) worker = null;
      const lost = [...pending.values()];
      pending.clear();
      for (const waiting of lost)
        waiting.reject(new Error(`The settlement thread stopped (exit ${code}) before it answered.`));
      if (!closing && lost.length > 0)
        log.warn(
          { code, settlements: lost.length },
          'the settlement thread stopped; the next settlement starts it again',
        );
    });
    return started;
  };

  return {
    settle(payment, verified) {
      if (closing)
        return Promise.reject(
          new Error('The platform is stopping; the payment is settled by its next check.'),
        );
      const thread = (worker ??= start());
      const id = nextId++;
      const settled = new Promise<SettleOutcome>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.postMessage({ kind: 'settle', id, payment, verified } satisfies ToSettlementThread);
      });
      const tracked = settled.catch(() => {});
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked));
      return settled;
    },
    warm() {
      if (!closing) worker ??= start();
    },
    async close() {
      closing = true;
      const thread = worker;
      if (!thread) return;
      const limit = setTimeout(() => void thread.terminate(), CLOSE_LIMIT_MS);
      limit.unref();
      try {
        await Promise.all(inFlight);
        const exited = once(thread, 'exit');
        thread.postMessage({ kind: 'close' } satisfies ToSettlementThread);
        await exited;
      } finally {
        clearTimeout(limit);
      }
    },
    async abort() {
      await worker?.terminate();
    },
  };
}

/**
 * The thread each PostgreSQL database's settlements run on, shared by the apps on that database (tests start two
 * instances on one) and closed with the last of them.
 */
const threads = new WeakMap<Db, { thread: SettlementThread; users: number }>();

export function useSettlementThread(db: Db, open: () => SettlementThread): () => Promise<void> {
  const shared = threads.get(db) ?? { thread: open(), users: 0 };
  shared.users += 1;
  threads.set(db, shared);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    if (threads.get(db) === shared) threads.delete(db);
    await shared.thread.close();
  };
}

export const settlementThreadOf = (db: Db): SettlementThread | undefined => threads.get(db)?.thread;
