import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job, shared by every instance on the database: an instance runs a job only after
 * claiming its row (moving next_run_at on), so a job runs once per period however many instances there are.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  runs: integer('runs').notNull().default(0),
  lastInstance: text('last_instance'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});
