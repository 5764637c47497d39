import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { retentionRuns } from '../../db/schema';

const DAY = 86400_000;

const monthsBefore = (now: Date, months: number) => {
  const at = new Date(now.getTime());
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
};

async function affected(db: Db, statement: ReturnType<typeof sql>) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with done as (${statement} returning 1) select count(*)::int as n from done`,
  );
  return rows[0]!.n;
}

/**
 * Deletes what is kept no longer than the retention settings allow (decision 0029), and counts what it did:
 * sign-up addresses and browsers after RETENTION_SIGNUP_ORIGIN_MONTHS, mail bodies after RETENTION_MAIL_BODY_DAYS
 * (the record that a mail was sent stays: template, subject, date), expired or ended sessions and spent or expired
 * mailed tokens at once. Closed accounts past RETENTION_CLOSED_ACCOUNT_YEARS are counted, not erased: erasure goes
 * through a second administrator on the Personal Data screen. Safe to run again at any time.
 */
export async function runRetention(db: Db, retention: Config['retention'], now: Date) {
  const originsBefore = monthsBefore(now, retention.signupOriginMonths);
  const mailsBefore = new Date(now.getTime() - retention.mailBodyDays * DAY);
  const counts = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The first run after months of mail and sessions may delete far more than a request ever touches: this
    // transaction alone may take longer than the pool's statement limit (DATABASE_STATEMENT_TIMEOUT_SECONDS, decision 0042).
    await t.execute(sql`set local statement_timeout = '10min'`);
    const signupOrigins = await affected(
      t,
      sql`delete from signup_origins where created_at < ${originsBefore}`,
    );
    const mailBodies = await affected(
      t,
      sql`update mail_queue set data = '{}'::jsonb where status in ('sent', 'failed') and created_at < ${mailsBefore} and data <> '{}'::jsonb`,
    );
    const outboxMails = await affected(t, sql`delete from mail_outbox where created_at < ${mailsBefore}`);
    const refreshTokens = await affected(
      t,
      sql`delete from refresh_tokens where session_id in (select id from sessions where expires_at <= ${now} or revoked_at is not null)`,
    );
    const sessions = await affected(
      t,
      sql`delete from sessions where expires_at <= ${now} or revoked_at is not null`,
    );
    const accountTokens = await affected(
      t,
      sql`delete from account_tokens where expires_at <= ${now} or used_at is not null`,
    );
    // A large My Data download whose mailed link has expired (decision 0030).
    const dataExports = await affected(t, sql`delete from data_exports where expires_at <= ${now}`);
    const [due] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from accounts where status = 'closed' and erased_at is null
          and closed_at < ${monthsBefore(now, retention.closedAccountYears * 12)}`,
    );
    const result = {
      signupOrigins,
      mailBodies,
      outboxMails,
      refreshTokens,
      sessions,
      accountTokens,
      dataExports,
      closedAccountsDueForErasure: due!.n,
    };
    await tx.insert(retentionRuns).values({ ranAt: now, counts: result });
    return result;
  });
  return counts;
}

/** Once a day, on one instance: the retention settings enforced, each run logged with its counts. */
export function scheduleRetention(app: FastifyInstance) {
  app.jobs.add({
    name: 'privacy-retention',
    everyMs: DAY,
    run: async (now) => {
      const counts = await runRetention(app.db, app.config.retention, now);
      app.log.info({ counts }, 'retention: personal data past its keeping period deleted');
    },
  });
}
