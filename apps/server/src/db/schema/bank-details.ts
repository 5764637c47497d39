import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * One bank account per platform account, where bonuses are paid. The full number is needed for transfers;
 * lists, logs and answers use account_number_last4 only.
 */
export const bankDetails = pgTable(
  'bank_details',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id),
    accountType: text('account_type', { enum: ['savings', 'current'] }).notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    /** As the member typed it. */
    accountName: text('account_name').notNull(),
    /** As the payment provider's account-resolve call answered; null when it could not be checked. */
    resolvedAccountName: text('resolved_account_name'),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The provider's transfer recipient for this bank account, made on the first payout. */
    recipientCode: text('recipient_code'),
    /** The key mode (test or live) the recipient was made under: a test recipient is unknown to live keys. */
    recipientKeyMode: text('recipient_key_mode', { enum: ['test', 'live'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the member last saved these details (updated_at also moves when the transfer recipient is kept). */
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bank_details_account_number_nuban', sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
    // The shared-account check (member-review/fraud-signals.ts) looks every saved number up here.
    index('bank_details_account_number_idx').on(t.accountNumber),
  ],
);
