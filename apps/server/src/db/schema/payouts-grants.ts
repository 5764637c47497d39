import { bigint, boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
