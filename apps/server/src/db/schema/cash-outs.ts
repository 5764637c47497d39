import { PROGRAMMES } from '@coop/core';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { journalEntries } from './ledger';

/** A cash payout an administrator recorded by hand (admin cash-out screens); one per idempotency key. */
export const cashOuts = pgTable(
  'cash_outs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_outs_account_idx').on(t.accountId),
    check('cash_outs_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
