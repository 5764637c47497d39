import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One counter per rate limit and what it counts (an address, an account), shared by every instance on the
 * database: a fixed window that starts with the first hit and ends at window_ends_at.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** sha256 of the limit's name and key, so no address or email is stored in the clear. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowEndsAt)],
);
