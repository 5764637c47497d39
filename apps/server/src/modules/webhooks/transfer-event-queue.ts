import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentEvents } from '../../db/schema';
import { handleTransferEvent } from '../payouts/transfer-events';

const BATCH = 50;

/**
 * Applies stored transfer.* events that are not processed yet, oldest first. The event row, written before the
 * webhook was answered, is the queue: a process that dies after answering leaves it unprocessed and the next run
 * applies it. Applying is idempotent (the payout row is locked and each ledger move has its key), so an event
 * applied twice by two instances, or before a crash that kept processed_at unset, still moves money once.
 * An event whose transfer the provider cannot be asked about now stays for the next run.
 */
export async function processTransferEvents(app: FastifyInstance, onlyId?: number) {
  const due = await app.db
    .select({ id: paymentEvents.id, payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(
      and(
        isNull(paymentEvents.processedAt),
        like(paymentEvents.event, 'transfer.%'),
        onlyId === undefined ? undefined : eq(paymentEvents.id, onlyId),
      ),
    )
    .orderBy(asc(paymentEvents.id))
    .limit(BATCH);
  let applied = 0;
  for (const event of due) {
    try {
      await handleTransferEvent(app, event.payload);
    } catch (error) {
      app.log.warn(
        { err: error, eventId: event.id },
        'transfer event: the provider could not be asked; the job tries again',
      );
      continue;
    }
    await app.db
      .update(paymentEvents)
      .set({ processedAt: new Date() })
      .where(and(eq(paymentEvents.id, event.id), isNull(paymentEvents.processedAt)));
    applied += 1;
  }
  return { applied, waiting: due.length - applied };
}

/** The job runner's pass over the queue, every minute on one instance; the webhook also starts one at once. */
export function scheduleTransferEvents(app: FastifyInstance, everyMs = 60_000) {
  app.jobs.add({ name: 'transfer-events', everyMs, run: () => processTransferEvents(app) });
}
