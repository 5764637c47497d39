import type { FastifyInstance } from 'fastify';
import { processRefundEvents } from './refund-events';

/** The job runner's pass over stored refund events, every minute on one instance; the webhook also starts one at once. */
export function scheduleRefundEvents(app: FastifyInstance, everyMs = 60_000) {
  app.jobs.add({ name: 'refund-events', everyMs, run: () => processRefundEvents(app) });
}
