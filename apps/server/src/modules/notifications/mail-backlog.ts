import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

type MailQueueStatus = 'queued' | 'sending' | 'failed';

/** Mails by status, sent ones left out (they only pile up); every status answered, 0 included. Reads the status index. */
export async function mailQueueCounts(db: Db): Promise<Record<MailQueueStatus, number>> {
  const rows = await queryRows<{ status: MailQueueStatus; mails: number }>(
    db,
    sql`select status, count(*)::int as mails from mail_queue where status in ('queued', 'sending', 'failed') group by status`,
  );
  const of = (status: MailQueueStatus) => Number(rows.find((r) => r.status === status)?.mails ?? 0);
  return { queued: of('queued'), sending: of('sending'), failed: of('failed') };
}

/**
 * The oldest mail still waiting to go (queued or being sent, a retry's back-off included): ids grow with time, so the
 * smallest waiting id is the oldest mail. One min() per status is one probe of the (status, id) index; a min() over
 * `status in (...)` let PostgreSQL's planner walk the primary key past every sent mail instead (18 ms at 100,000 sent,
 * growing with the table, at every scrape of GET /metrics).
 */
export async function oldestWaitingMail(db: Db) {
  const [row] = await queryRows<{
    created_at: Date | string;
    last_error: string | null;
    next_attempt_at: Date | string;
  }>(
    db,
    sql`select created_at, last_error, next_attempt_at from mail_queue
        where id = least((select min(id) from mail_queue where status = 'queued'), (select min(id) from mail_queue where status = 'sending'))`,
  );
  return row
    ? {
        createdAt: new Date(row.created_at),
        lastError: row.last_error,
        nextAttemptAt: new Date(row.next_attempt_at),
      }
    : null;
}

/**
 * What the dashboard shows of the queue (decision 0046) and GET /metrics exports (mail-queue-metrics.ts): the
 * mails waiting, how long the oldest has waited at `now` and why, and the mails given up.
 */
export async function mailBacklog(db: Db, now = new Date()) {
  const counts = await mailQueueCounts(db);
  const oldest = await oldestWaitingMail(db);
  return {
    waiting: counts.queued + counts.sending,
    failed: counts.failed,
    oldestWaitingSince: oldest?.createdAt.toISOString() ?? null,
    oldestWaitingSeconds: oldest
      ? Math.max(0, Math.round((now.getTime() - oldest.createdAt.getTime()) / 1000))
      : 0,
    lastError: oldest?.lastError ?? null,
    nextAttemptAt: oldest?.nextAttemptAt.toISOString() ?? null,
  };
}
