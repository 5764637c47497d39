import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { journalEntries } from './ledger';
import { positions } from './matrix';

/** One attempt to pay a programme's fee; the reference is ours, unguessable, and sent to the provider. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: ['main', 'welcomeback'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /**
     * What the customer paid Paystack on top of the fee when the account passes its fees to the customer
     * (verify's amount - requested_amount); Paystack keeps it, so it never enters the ledger. Null: none.
     */
    customerFeeKobo: bigint('customer_fee_kobo', { mode: 'number' }),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'abandoned'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['paystack', 'sandbox'] }).notNull(),
    authorizationUrl: text('authorization_url'),
    accessCode: text('access_code'),
    positionId: bigint('position_id', { mode: 'number' }).references(() => positions.id),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_account_idx').on(t.accountId, t.createdAt),
    index('payments_status_idx').on(t.status, t.createdAt),
    index('payments_created_idx').on(t.createdAt, t.id),
    check('payments_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** A month's payout for one programme: running the same month twice finds this row and pays nobody twice. */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    programme: text('programme', { enum: ['main', 'welcomeback'] }).notNull(),
    /** The month paid, as YYYY-MM. */
    period: text('period').notNull(),
    mode: text('mode', { enum: ['transfer', 'csv'] }).notNull(),
    /** running while any payout waits for an outcome; needs_attention while one failed or was reversed and is not paid since. */
    status: text('status', { enum: ['running', 'needs_attention', 'completed'] })
      .notNull()
      .default('running'),
    /** Null when the payout schedule ran it (PAYOUT_AUTO). */
    createdBy: uuid('created_by').references(() => accounts.id),
    /** The second administrator who approved the run (null when one administrator ran it, or the payout day did). */
    approvedBy: uuid('approved_by').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set once every payee has been reserved; until then a retry finishes the reservations a crash left. */
    reservationsDoneAt: timestamp('reservations_done_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payout_runs_programme_period_key').on(t.programme, t.period)],
);

/**
 * One bank transfer of a member's wallet. The amount is reserved (wallet -> payout clearing) when the row is
 * made; success settles it, failure or reversal releases it, each exactly once through the ledger's keys.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' }).references(() => payoutRuns.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: ['main', 'welcomeback'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** Stored before the first attempt and reused on every retry, so the provider never pays twice. */
    reference: text('reference').notNull().unique(),
    /** otp: Paystack waits for the one-time code sent to the business's phone (a person must act). */
    status: text('status', {
      enum: ['reserved', 'processing', 'otp', 'success', 'failed', 'reversed', 'released'],
    })
      .notNull()
      .default('reserved'),
    /** Paystack's last word on the transfer (pending, received, abandoned, an unknown word...), shown to the operator. */
    providerStatus: text('provider_status'),
    /** Something Paystack said that contradicts the payout's state (a failed after success): flagged to the operator. */
    providerNote: text('provider_note'),
    /** 1 for the first transfer; a failed payout paid again in its run gets a new reference and attempt (payout_attempts keeps the earlier). */
    attempt: integer('attempt').notNull().default(1),
    /** Why an administrator released the payout (it will not be paid in this run; the money is in the wallet). */
    releasedReason: text('released_reason'),
    bankName: text('bank_name').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    recipientCode: text('recipient_code'),
    transferCode: text('transfer_code'),
    failureReason: text('failure_reason'),
    reserveEntryId: bigint('reserve_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_run_account_key').on(t.runId, t.accountId),
    index('payouts_account_idx').on(t.accountId),
    index('payouts_status_idx').on(t.status),
    check('payouts_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** A cash payout an administrator recorded by hand (admin cash-out screens); one per idempotency key. */
export const cashOuts = pgTable(
  'cash_outs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: ['main', 'welcomeback'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    journalEntryId: bigint('journal_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cash_outs_account_idx').on(t.accountId),
    check('cash_outs_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** Raw provider events as received (signature already checked), for support and replay. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    reference: text('reference'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once a transfer event has been applied (by the job runner); null while it waits. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_events_reference_idx').on(t.reference),
    index('payment_events_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null and ${t.event} like 'transfer.%'`),
  ],
);
