import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

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
        'chargeback_lost',
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
