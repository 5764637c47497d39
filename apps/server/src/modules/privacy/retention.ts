import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { retentionRuns } from '../../db/schema';
import { personalDataParts } from './personal-data-parts';

const DAY = 86400_000;

/**
 * Deletes what is kept no longer than the retention settings allow (decision 0029), each module its own tables
 * (decision 0048), and counts what it did: sign-up addresses and browsers after RETENTION_SIGNUP_ORIGIN_MONTHS,
 * mail bodies after RETENTION_MAIL_BODY_DAYS (the record that a mail was sent stays: template, subject, date),
 * expired or ended sessions and spent or expired mailed tokens at once. Closed accounts past
 * RETENTION_CLOSED_ACCOUNT_YEARS are counted, not erased: erasure goes through a second administrator on the
 * Personal Data screen. Safe to run again at any time.
 */
export async function runRetention(db: Db, retention: Config['retention'], now: Date) {
  return db.transaction(async (tx) => {
    // The first run after months of mail and sessions may delete far more than a request ever touches: this
    // transaction alone may take longer than the pool's statement limit (DATABASE_STATEMENT_TIMEOUT_SECONDS, decision 0042).
    await tx.execute(sql`set local statement_timeout = '10min'`);
    const counts: Record<string, number> = {};
    for (const part of personalDataParts)
      Object.assign(counts, await part.retain?.(tx, { now, rules: retention }));
    await tx.insert(retentionRuns).values({ ranAt: now, counts });
    return counts;
  });
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
