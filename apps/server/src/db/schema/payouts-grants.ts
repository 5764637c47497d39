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
import { payoutRuns, payouts } from './payments';

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
    programme: text('programme', { enum: ['main', 'welcomeback'] }).notNull(),
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
