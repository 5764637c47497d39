import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * One number that grows at the commit of any change to payments, or to an account's name or email (the triggers of
 * migration 0027): a server keeps the admin dashboard's figures with the version they were read at (decision 0034).
 */
export const adminFiguresVersion = pgTable('admin_figures_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
