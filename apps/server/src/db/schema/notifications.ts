import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** What happened to a member's account and money, shown in the member area's notifications list. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The client route the notification points to (for example /mainwallet). */
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_account_idx').on(t.accountId, t.id),
    index('notifications_unread_idx')
      .on(t.accountId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * The transactional mail queue: a row is written in the transaction of the event that causes the mail and
 * sent later by a worker (modules/notifications/mail-worker.ts). The template and its data are kept, not the
 * rendered mail, so rendering never runs under the event's locks.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('mail_queue_status_idx').on(t.status, t.id),
    check('mail_queue_status_known', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/** A member's turned-off mail categories (security mails have no category and cannot be turned off). */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.category] })],
);
