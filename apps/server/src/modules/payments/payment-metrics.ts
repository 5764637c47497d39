import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { payments } from '../../db/schema';

const STATUSES = payments.status.enumValues;

/**
 * Payments by status for GET /metrics, every status answered (0 included). Each checkout started adds one row,
 * so the sum over statuses only grows, and so does `paid` (a paid payment stays paid): the alert rules read what
 * was started and what settled over a window as the change of these gauges (ops/alerts.yml).
 */
export function addPaymentMetrics(app: FastifyInstance) {
  app.metrics.gauge({
    name: 'coop_payments',
    help: 'Fee payments by status (pending: checkout started, paid: settled, failed, abandoned)',
    labelNames: ['status'],
    read: async () => {
      // An index-only count over payments_status_idx (status, created_at).
      const rows = await queryRows<{ status: string; n: number }>(
        app.db,
        sql`select status, count(*)::int as n from payments group by status`,
      );
      return STATUSES.map((status) => ({
        labels: { status },
        value: Number(rows.find((r) => r.status === status)?.n ?? 0),
      }));
    },
  });
}
