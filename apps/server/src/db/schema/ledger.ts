import { PROGRAMMES } from '@coop/core';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Double-entry ledger. Lines are signed: positive credits an account, negative debits it; an entry's
 * lines sum to zero. balance_kobo caches the sum of an account's lines, updated in the same transaction,
 * and a member wallet may never go below zero (the check constraint is the last line of defence).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    kind: text('kind', {
      enum: [
        'wallet',
        'fee_income',
        'bonus_expense',
        'health_fee_payable',
        'payout_clearing',
        'provider_settlement',
        'cash_payout',
        'cash_out_clearing',
        'grant_expense',
        'refunds_payable',
        'chargeback_loss',
      ],
    }).notNull(),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
    /** Sums of the account's negative and positive lines, moved with balance_kobo (decision 0015). */
    debitsPostedKobo: bigint('debits_posted_kobo', { mode: 'number' }).notNull().default(0),
    creditsPostedKobo: bigint('credits_posted_kobo', { mode: 'number' }).notNull().default(0),
    linesPosted: integer('lines_posted').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_accounts_account_idx').on(t.accountId),
    check('ledger_wallet_not_negative', sql`${t.kind} <> 'wallet' or ${t.balanceKobo} >= 0`),
    check(
      'ledger_balance_is_posted_sum',
      sql`${t.balanceKobo} = ${t.creditsPostedKobo} - ${t.debitsPostedKobo}`,
    ),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What made the money move; with the key, the same cause can never post twice. */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    memo: text('memo').notNull(),
    planVersion: integer('plan_version'),
    createdBy: uuid('created_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('journal_entries_created_idx').on(t.createdAt)],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    ledgerAccountId: bigint('ledger_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('journal_lines_account_idx').on(t.ledgerAccountId, t.entryId),
    index('journal_lines_entry_idx').on(t.entryId),
  ],
);
