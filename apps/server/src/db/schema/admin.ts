import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { journalEntries } from './ledger';

/** Messages sent from the Contact Us page: open until an administrator answers (by mail, kept in contact_replies) or closes them. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    state: text('state', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_state_idx').on(t.state, t.createdAt),
    check('contact_messages_state_known', sql`${t.state} in ('open', 'answered', 'closed')`),
  ],
);

/** Who did what and when, for every administrative act (make admin, cash-out, payout run, grant decision...). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorAccountId: uuid('actor_account_id').references(() => accounts.id),
    action: text('action').notNull(),
    targetAccountId: uuid('target_account_id').references(() => accounts.id),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetAccountId),
  ],
);

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

/**
 * One number that grows at the commit of any change to payments, or to an account's name or email (the triggers of
 * migration 0027): a server keeps the admin dashboard's figures with the version they were read at (decision 0034).
 */
export const adminFiguresVersion = pgTable('admin_figures_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
