import type { FastifyInstance } from 'fastify';
import { addStoredEventKind } from '../payments/provider-events';
import { applyDisputeEvent } from './apply-dispute-event';

/**
 * charge.dispute.* events, applied from their stored rows by the one loop (payments/provider-events.ts): at once
 * after the webhook's answer, and by the dispute-events job every minute for what a process that died in between
 * left. The dispute's changes and the event's mark commit in one transaction; applying twice changes nothing
 * (the event's digest is kept with the dispute), so two instances may race.
 */
export function handleDisputeEvents(app: FastifyInstance) {
  addStoredEventKind(app, {
    name: 'dispute',
    events: 'charge.dispute.',
    async apply(event, markApplied) {
      const data = (event.payload as { data?: Record<string, unknown> }).data ?? {};
      const outcome = await app.db.transaction(async (tx) => {
        const result = await applyDisputeEvent(tx, event.event, data);
        await markApplied(tx);
        return result;
      });
      if (outcome === 'unknown_payment' || outcome === 'unreadable')
        app.log.warn(
          { eventId: event.id, event: event.event, outcome },
          'dispute event: kept, but it names no payment of ours',
        );
    },
    // Nothing of it was kept (one transaction): the next run tries it again, and the others go on.
    notApplied: 'dispute event: could not be applied; the job tries again',
  });
}
