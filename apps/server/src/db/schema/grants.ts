import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { journalEntries } from './ledger';

/** Main stage 5 (Executive) grant applications, up to the plan's ceiling; an administrator decides. */
export const grantApplications = pgTable(
  'grant_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    purpose: text('purpose').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    decidedBy: uuid('decided_by').references(() => accounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** The ledger entry that put an approved grant into the member's wallet (grant expense -> wallet). */
    journalEntryId: bigint('journal_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grant_applications_one_pending_key')
      .on(t.accountId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('grant_applications_one_approved_key')
      .on(t.accountId)
      .where(sql`${t.status} = 'approved'`),
    check('grant_applications_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
