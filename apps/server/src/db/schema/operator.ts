import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { contactMessages } from './admin';

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
