import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * One number that grows at the commit of any change to positions, or to an account's name or erasure (the triggers of
 * migration 0028): a server keeps members' matrix and wallet pages with the version they were read at (decision 0036).
 */
export const matrixVersion = pgTable('matrix_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
