import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * An administrator's correction of a member's email, waiting for the new address to confirm it: the account keeps
 * its old email until the mailed link is used. Only the token's hash is kept; a newer request ends the older one.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => accounts.id),
    reason: text('reason').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_changes_one_open_key')
      .on(t.accountId)
      .where(sql`${t.confirmedAt} is null and ${t.cancelledAt} is null`),
    check('email_changes_new_email_lowercase', sql`${t.newEmail} = lower(${t.newEmail})`),
  ],
);

/**
 * A sole administrator's invitation of a second one who has no Main account yet: the invited person chooses a
 * password through the mailed link, and only then becomes an administrator. A new invitation ends the open one.
 */
export const adminInvitations = pgTable(
  'admin_invitations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => accounts.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    accountId: uuid('account_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_invitations_email_idx').on(t.email)],
);
