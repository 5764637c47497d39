import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

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

/** Every reply an administrator sent to a contact message, as mailed: the support inbox's record of what was promised. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => contactMessages.id),
    body: text('body').notNull(),
    sentBy: uuid('sent_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.id)],
);
