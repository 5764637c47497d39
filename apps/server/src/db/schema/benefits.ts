import {
  bigint,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { journalEntries } from './ledger';
import { positions } from './matrix';

/**
 * Every cash benefit a position earned, keyed by (position, cause, kind) so that no retry, race or replay
 * can pay the same thing twice. The money itself moves in the journal entry it points to.
 */
export const credits = pgTable(
  'credits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    positionId: bigint('position_id', { mode: 'number' })
      .notNull()
      .references(() => positions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: ['main', 'welcomeback'] }).notNull(),
    kind: text('kind', {
      enum: ['referral', 'activities', 'graduating', 'thank_you', 'health_fee'],
    }).notNull(),
    stage: smallint('stage'),
    cause: text('cause').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    planVersion: integer('plan_version').notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credits_position_cause_kind_key').on(t.positionId, t.cause, t.kind),
    index('credits_account_idx').on(t.accountId),
    // The wallet history tells a bonus entry's lines from the others by its credits: without it, every call hashed all credits.
    index('credits_entry_idx').on(t.journalEntryId),
  ],
);

/** Non-cash awards: recorded with a fulfilment status, never paid into the wallet. */
export const awards = pgTable(
  'awards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    positionId: bigint('position_id', { mode: 'number' })
      .notNull()
      .references(() => positions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: ['main', 'welcomeback'] }).notNull(),
    kind: text('kind').notNull(),
    stage: smallint('stage').notNull(),
    installment: smallint('installment').notNull().default(1),
    valueKobo: bigint('value_kobo', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['pending', 'delivered'] })
      .notNull()
      .default('pending'),
    planVersion: integer('plan_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the installment falls due: the first when earned, each next one a year after the one before (Golden Crown). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('awards_position_kind_installment_key').on(t.positionId, t.kind, t.installment),
    index('awards_account_idx').on(t.accountId),
  ],
);
