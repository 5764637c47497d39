import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Every change of an account's status (suspend, reinstate, close), with who decided it and why. */
export const accountStatusChanges = pgTable(
  'account_status_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** A suspension's or an administrator's closure's reason code (the member is told it), or 'reinstated'. */
    reason: text('reason').notNull(),
    /** The administrator's own words, kept for the record; never shown to the member. */
    note: text('note').notNull(),
    actorAccountId: uuid('actor_account_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_status_changes_account_idx').on(t.accountId, t.createdAt)],
);

/** Where a sign-up came from, kept only to compare sign-ups with each other for fraud signals. */
export const signupOrigins = pgTable(
  'signup_origins',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signup_origins_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * A fraud signal raised by the platform about one account; open until an administrator clears it with a note.
 * The dedupe key (rule, account, what it relates to) keeps one flag per finding however often it is seen.
 */
export const fraudFlags = pgTable(
  'fraud_flags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    rule: text('rule', {
      enum: [
        'sponsor_shares_bank_account',
        'sponsor_shares_phone',
        'sponsor_shares_device',
        'shared_bank_account',
        'signup_burst',
        'referral_ring',
        'payment_disputed',
      ],
    }).notNull(),
    relatedAccountId: uuid('related_account_id').references(() => accounts.id),
    detail: text('detail').notNull(),
    /** The account's payouts wait while this flag is open: set from the rule's weight, or by an administrator. */
    holdsPayouts: boolean('holds_payouts').notNull().default(false),
    /** Flags raised together (one address within one hour) share a key, so an administrator can clear them in one step. */
    groupKey: text('group_key'),
    dedupeKey: text('dedupe_key').notNull().unique(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedBy: uuid('cleared_by').references(() => accounts.id),
    clearNote: text('clear_note'),
  },
  (t) => [
    index('fraud_flags_open_idx')
      .on(t.accountId)
      .where(sql`${t.clearedAt} is null`),
    index('fraud_flags_open_group_idx')
      .on(t.groupKey)
      .where(sql`${t.clearedAt} is null`),
    check('fraud_flags_cleared_with_note', sql`(${t.clearedAt} is null) = (${t.clearNote} is null)`),
  ],
);
