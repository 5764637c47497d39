import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { APPROVAL_KINDS } from '../../db/schema';

/** Requests waiting for a second administrator, by kind (every kind answered, 0 included), for GET /metrics. */
export function addApprovalMetrics(app: FastifyInstance) {
  app.metrics.gauge({
    name: 'coop_approvals_waiting',
    help: 'Requests waiting on Approvals for a second administrator, by kind',
    labelNames: ['kind'],
    read: async () => {
      // approval_requests_status_idx (status, created_at) finds the pending ones.
      const rows = await queryRows<{ kind: string; n: number }>(
        app.db,
        sql`select kind, count(*)::int as n from approval_requests where status = 'pending' group by kind`,
      );
      return APPROVAL_KINDS.map((kind) => ({
        labels: { kind },
        value: Number(rows.find((r) => r.kind === kind)?.n ?? 0),
      }));
    },
  });
}
