import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';

/**
 * The mail queue's figures for GET /metrics: mails by status (sent ones left out: they only pile up) and the age of
 * the oldest mail still waiting to go (queued or being sent, a retry's back-off included). Both read the status index.
 */
export function addMailQueueMetrics(app: FastifyInstance) {
  app.metrics.gauge({
    name: 'coop_mail_queue_mails',
    help: 'Mails in the queue by status: queued and sending are waiting to go, failed gave up (Mails in the admin area)',
    labelNames: ['status'],
    read: async () => {
      const rows = await queryRows<{ status: string; mails: number }>(
        app.db,
        sql`select status, count(*)::int as mails from mail_queue where status in ('queued', 'sending', 'failed') group by status`,
      );
      // Every status is answered, 0 included, so a rule sees "none waiting" rather than no series at all.
      return ['queued', 'sending', 'failed'].map((status) => ({ labels: { status }, value: Number(rows.find((r) => r.status === status)?.mails ?? 0) }));
    },
  });
  app.metrics.gauge({
    name: 'coop_mail_queue_oldest_waiting_seconds',
    help: 'Age of the oldest mail waiting to go (queued or sending); 0 when none waits',
    read: async () => {
      const [row] = await queryRows<{ age: number | null }>(
        app.db,
        // Ids grow with time, so the smallest waiting id is the oldest mail. One min() per status is one probe of the
        // (status, id) index; min() over `status in (...)` let the planner walk the primary key past every sent mail
        // (18 ms at 100,000 sent, growing with the table).
        sql`select extract(epoch from (now() - created_at))::float8 as age from mail_queue
            where id = least((select min(id) from mail_queue where status = 'queued'), (select min(id) from mail_queue where status = 'sending'))`,
      );
      return [{ value: Math.max(0, Number(row?.age ?? 0)) }];
    },
  });
}
