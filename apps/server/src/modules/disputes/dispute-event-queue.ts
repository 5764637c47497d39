import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentEvents } from '../../db/schema';
import { applyDisputeEvent } from './apply-dispute-event';

const BATCH = 50;

/**
 * Applies stored charge.dispute.* events not processed yet, oldest first. As with transfer events, the stored
 * webhook row is the queue: the webhook answers once it is stored, this applies it at once, and the job runner
 * every minute picks up what a process that died in between left. Applying twice changes nothing (the event's
 * digest is kept with the dispute), so two instances may race.
 */
export async function processDisputeEvents(app: FastifyInstance, onlyId?: number) {
  const due = await app.db
    .select({ id: paymentEvents.id, event: paymentEvents.event, payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(
      and(
        isNull(paymentEvents.processedAt),
        like(paymentEvents.event, 'charge.dispute.%'),
        onlyId === undefined ? undefined : eq(paymentEvents.id, onlyId),
      ),
    )
    .orderBy(asc(paymentEvents.id))
    .limit(BATCH);
  let applied = 0;
  for (const row of due) {
    const data = (row.payload as { data?: Record<string, unknown> }).data ?? {};
    let outcome;
    try {
      outcome = await app.db.transaction(async (tx) => {
        const result = await applyDisputeEvent(tx, row.event, data);
        await tx
          .update(paymentEvents)
          .set({ processedAt: new Date() })
          .where(and(eq(paymentEvents.id, row.id), isNull(paymentEvents.processedAt)));
        return result;
      });
    } catch (error) {
      // Nothing of it was kept (one transaction): the next run tries it again, and the others go on.
      app.log.warn(
        { err: error, eventId: row.id },
        'dispute event: could not be applied; the job tries again',
      );
      continue;
    }
    applied += 1;
    if (outcome === 'unknown_payment' || outcome === 'unreadable')
      app.log.warn(
        { eventId: row.id, event: row.event, outcome },
        'dispute event: kept, but it names no payment of ours',
      );
  }
  return { applied, waiting: due.length - applied };
}

export function scheduleDisputeEvents(app: FastifyInstance, everyMs = 60_000) {
  app.jobs.add({ name: 'dispute-events', everyMs, run: () => processDisputeEvents(app) });
}
