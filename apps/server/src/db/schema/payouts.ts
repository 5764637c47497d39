import { PROGRAMMES } from '@coop/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { journalEntries } from './ledger';

/** A month's payout for one programme: running the same month twice finds this row and pays nobody twice. */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
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
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
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

/** An earlier transfer of a payout that failed or was reversed before the payout was paid again in its run. */
export const payoutAttempts = pgTable(
  'payout_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payoutId: bigint('payout_id', { mode: 'number' })
      .notNull()
      .references(() => payouts.id),
    attempt: integer('attempt').notNull(),
    reference: text('reference').notNull().unique(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['failed', 'reversed'] }).notNull(),
    failureReason: text('failure_reason'),
    bankName: text('bank_name').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    retriedBy: uuid('retried_by').references(() => accounts.id),
    /** When this attempt's outcome was recorded (the bank's failure or reversal); created_at is when it was retried. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_attempts_payout_attempt_key').on(t.payoutId, t.attempt)],
);

/** The payout day's preparation of a programme's month: its unique key lets one instance of the server do it. */
export const payoutSchedule = pgTable(
  'payout_schedule',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    period: text('period').notNull(),
    payeeCount: integer('payee_count').notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    skippedCount: integer('skipped_count').notNull(),
    autoRun: boolean('auto_run').notNull(),
    runId: bigint('run_id', { mode: 'number' }).references(() => payoutRuns.id),
    instance: text('instance').notNull(),
    preparedAt: timestamp('prepared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_schedule_programme_period_key').on(t.programme, t.period)],
);

/**
 * One bank file: the payouts sent to the bank together, with its control total (count and kobo) fixed when it is
 * made. One open batch per run at a time; recorded once the bank's answer is recorded (decision 0039).
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => payoutRuns.id),
    status: text('status', { enum: ['open', 'recorded'] })
      .notNull()
      .default('open'),
    paymentCount: integer('payment_count').notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who recorded what the bank paid, and the second administrator who approved it when one had to. */
    recordedBy: uuid('recorded_by').references(() => accounts.id),
    recordedApprovedBy: uuid('recorded_approved_by').references(() => accounts.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_batches_one_open_per_run')
      .on(t.runId)
      .where(sql`${t.status} = 'open'`),
    check('payout_batches_status_known', sql`${t.status} in ('open', 'recorded')`),
    check('payout_batches_control_total_positive', sql`${t.paymentCount} > 0 and ${t.totalKobo} > 0`),
  ],
);

/**
 * Which payout attempt is in which bank file: an attempt is in one file at most, ever (unique payout and attempt),
 * so a payout the bank paid, or one in a file not yet recorded, is never in another. A failed payout paid again
 * gets a new attempt, which goes in the next file. outcome is the truth now; reversed_from keeps what was recorded
 * first when an approved reversal corrected it.
 */
export const payoutBatchItems = pgTable(
  'payout_batch_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => payoutBatches.id),
    payoutId: bigint('payout_id', { mode: 'number' })
      .notNull()
      .references(() => payouts.id),
    attempt: integer('attempt').notNull(),
    reference: text('reference').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    outcome: text('outcome', { enum: ['paid', 'failed'] }),
    /** The bank's reason for a payment it did not make, as the administrator recorded it. */
    bankReason: text('bank_reason'),
    reversedFrom: text('reversed_from', { enum: ['paid', 'failed'] }),
    reversalReason: text('reversal_reason'),
    reversedBy: uuid('reversed_by').references(() => accounts.id),
    reversalApprovedBy: uuid('reversal_approved_by').references(() => accounts.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_batch_items_payout_attempt_key').on(t.payoutId, t.attempt),
    uniqueIndex('payout_batch_items_reference_key').on(t.reference),
    index('payout_batch_items_batch_idx').on(t.batchId),
    check('payout_batch_items_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'payout_batch_items_outcome_known',
      sql`${t.outcome} is null or ${t.outcome} in ('paid', 'failed')`,
    ),
    check(
      'payout_batch_items_failed_has_reason',
      sql`${t.outcome} is distinct from 'failed' or ${t.bankReason} is not null`,
    ),
  ],
);
