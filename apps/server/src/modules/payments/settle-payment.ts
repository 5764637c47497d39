import { PROGRAMMES } from '@coop/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { inTurn } from '../../lib/in-turn';
import { findPayment } from './queries';
import { settlementThreadOf, startSettlementThread, useSettlementThread } from './settlement-thread';
import { settleVerified, type SettleOutcome } from './settle-verified';

export type { SettleOutcome };

export interface SettleDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

// Four: with one or two at a time the joins per second fell by a third, the first statements of the next no longer
// overlapping the placing of the one before (decision 0055).
const SETTLING_AT_ONCE = 4;

/**
 * Placing takes the programme's lock (the matrix fills breadth-first, one placement at a time), so settlements of one
 * programme wait for each other however many run. They wait here, in turn, not each holding a pooled connection while
 * it waits for the lock: with twenty members paying at once the pool was all waiters, and a member's dashboard read
 * queued behind them (issue 38; decision 0055). Per database, so tests with several databases do not wait for each other.
 */
const settling = new WeakMap<Db, ReturnType<typeof inTurn>>();
const settleInTurn = <T>(db: Db, programme: string, work: () => Promise<T>) => {
  let turn = settling.get(db);
  if (!turn) settling.set(db, (turn = inTurn(SETTLING_AT_ONCE)));
  return turn(programme, work);
};

/**
 * On PostgreSQL the app's settlements run their transactions on a thread of their own (decision 0066), closed with
 * the app: its pool holds a connection for each settlement that may run at once.
 */
export function settleOnThread(app: FastifyInstance) {
  const { database, config } = app;
  if (database.kind !== 'postgres' || !database.url) return;
  const databaseUrl = database.url;
  const release = useSettlementThread(app.db, () =>
    startSettlementThread(
      { databaseUrl, poolSize: SETTLING_AT_ONCE * PROGRAMMES.length, timeouts: config.databaseTimeouts },
      app.log,
    ),
  );
  app.addHook('onClose', release);
}

/** A checkout is being started: the settlement thread loads meanwhile, so the settlement that follows finds it ready. */
export const prepareToSettle = (db: Db) => settlementThreadOf(db)?.warm();

/**
 * Asks the provider about a payment and gives value exactly once: when the provider says success and the
 * amount, currency and account agree, the position is placed (every bonus paid) in the same transaction that
 * marks the payment paid, under a lock on the payment row. Webhooks, the callback check and the job all come
 * here; whichever is first places the position, the others find the payment paid and change nothing.
 * Throws PaymentProviderError when the provider cannot be reached (the caller retries later).
 */
export function settlePayment(deps: SettleDeps, reference: string): Promise<SettleOutcome> {
  let inFlight = settlingNow.get(deps.db);
  if (!inFlight) settlingNow.set(deps.db, (inFlight = new Map()));
  const running = inFlight.get(reference);
  // Not paid is only as fresh as its question to the provider, which may have been asked before this caller's news
  // (a webhook's charge.success arriving while a poll asked): that outcome is not taken, the provider is asked anew.
  if (running)
    return running.then((outcome) =>
      outcome.result === 'not_paid' ? settlePayment(deps, reference) : outcome,
    );
  const settled: Promise<SettleOutcome> = settleOnce(deps, reference).finally(() => {
    if (inFlight.get(reference) === settled) inFlight.delete(reference);
  });
  inFlight.set(reference, settled);
  return settled;
}

/**
 * The settlements running in this process, by reference. The webhook's settling and the callback page's poll of the
 * same payment arrive together: the second is given the first's outcome instead of asking the provider again and
 * waiting for its turn only to find the payment paid (issue 38; decision 0055, addendum 2). Between processes the
 * payment row's lock still decides, so exactly-once is unchanged. Per database, as the turns are.
 */
const settlingNow = new WeakMap<Db, Map<string, Promise<SettleOutcome>>>();

async function settleOnce(deps: SettleDeps, reference: string): Promise<SettleOutcome> {
  const payment = await findPayment(deps.db, reference);
  if (!payment) return { result: 'unknown_reference' };
  if (payment.status === 'paid')
    return { result: 'already_paid', status: 'paid', positionId: payment.positionId };

  // Asked outside the transaction: no lock is held while waiting on the network.
  const verified = await deps.provider.verifyTransaction(reference);

  // The webhook's and the callback page's settling of one payment in this process are one (settlePayment); another
  // process's, or the job's, finds it paid under the payment's lock, which also gives the position.
  return settleInTurn(deps.db, payment.programme, () => {
    const thread = settlementThreadOf(deps.db);
    return thread ? thread.settle(payment, verified) : settleVerified(deps, payment, verified);
  });
}
