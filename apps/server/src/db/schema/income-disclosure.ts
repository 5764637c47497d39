import { PROGRAMMES } from '@coop/core';
import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * The income disclosure statements an administrator chose to publish: a (programme, year) row means its statement
 * is on the public site. None by default; unpublishing deletes the row (the audit log keeps both acts).
 */
export const incomeDisclosurePublications = pgTable(
  'income_disclosure_publications',
  {
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    year: integer('year').notNull(),
    publishedBy: uuid('published_by')
      .notNull()
      .references(() => accounts.id),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.programme, t.year] })],
);
