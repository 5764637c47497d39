import { bigint, index, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** One row per run of the retention job: what it deleted or erased, by kind, so the operator can show it was done. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  },
  (t) => [index('retention_runs_ran_idx').on(t.ranAt)],
);
