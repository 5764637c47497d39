import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseLog } from '../../db/client';
import { drainThenEnd, openPostgresPool } from '../../db/client';
import { cloneError } from '../../lib/thread-errors';
import {
  SETTLEMENT_THREAD_APPLICATION,
  type FromSettlementThread,
  type SettlementThreadOptions,
  type ToSettlementThread,
} from './settlement-thread';
import { settleVerified } from './settle-verified';

/**
 * The settlement thread (settlement-thread.ts): its own pool on the platform's database, and each settlement's
 * transaction run here as on the request thread, its outcome or its error sent back.
 */
const port = parentPort!;
const send = (message: FromSettlementThread) => port.postMessage(message);
const logAt = (level: 'info' | 'warn' | 'error') => (details: object, message: string) => {
  try {
    send({ kind: 'log', level, details, message });
  } catch {
    // Details that do not clone (a function in them) are sent as text.
    send({ kind: 'log', level, details: { details: String(details) }, message });
  }
};
const log: DatabaseLog = { info: logAt('info'), warn: logAt('warn'), error: logAt('error') };

const options = workerData as SettlementThreadOptions;
const { pool, db } = openPostgresPool({ ...options, applicationName: SETTLEMENT_THREAD_APPLICATION, log });

port.on('message', (message: ToSettlementThread) => {
  if (message.kind === 'close') {
    void drainThenEnd(pool).finally(() => port.close());
    return;
  }
  settleVerified({ db, log }, message.payment, message.verified).then(
    (outcome) => send({ kind: 'settled', id: message.id, outcome }),
    (error: unknown) => send({ kind: 'failed', id: message.id, error: cloneError(error) }),
  );
});
