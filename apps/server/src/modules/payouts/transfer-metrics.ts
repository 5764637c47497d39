import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { payouts } from '../../db/schema';

const STATUSES = payouts.status.enumValues;

/**
 * Payout transfers by status for GET /metrics, every status answered (0 included). failed and reversed are the
 * transfers a run's **Needs attention** lists until they are retried or released; otp waits for a person's code.
 */
export function addTransferMetrics(app: FastifyInstance) {
  app.metrics.gauge({
    name: 'coop_payout_transfers',
    help: 'Payout transfers by status (reserved, processing, otp, success, failed, reversed, released)',
    labelNames: ['status'],
    read: async () => {
      // An index-only count over payouts_status_idx.
      const rows = await queryRows<{ status: string; n: number }>(
        app.db,
        sql`select status, count(*)::int as n from payouts group by status`,
      );
      return STATUSES.map((status) => ({
        labels: { status },
        value: Number(rows.find((r) => r.status === status)?.n ?? 0),
      }));
    },
  });
}
