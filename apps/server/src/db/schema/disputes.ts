import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { payments } from './payments';

/**
 * A customer's dispute (chargeback) of one of our card payments, as Paystack reports it in its
 * charge.dispute.create / remind / resolve events and its dispute API. While it is open the member's payouts and
 * cash-outs wait: the hold is a fraud_flags row (rule payment_disputed) like every other hold.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paystackId: bigint('paystack_id', { mode: 'number' }).notNull().unique(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Paystack's word (awaiting-merchant-feedback, awaiting-bank-feedback, pending, resolved, ...), kept as said. */
    status: text('status').notNull(),
    category: text('category'),
    resolution: text('resolution'),
    refundAmountKobo: bigint('refund_amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    lastEvent: text('last_event').notNull(),
    /** accept or contest, claimed before Paystack is called so a second press calls it never. */
    answer: text('answer', { enum: ['accept', 'contest'] }),
    answerNote: text('answer_note'),
    answeredBy: uuid('answered_by').references(() => accounts.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** When Paystack took the answer; null while the call is under way (or after it failed and was released). */
    answerSentAt: timestamp('answer_sent_at', { withTimezone: true }),
    /** The second administrator who approved an acceptance (money going out); null for a contest or one administrator. */
    approvedBy: uuid('approved_by').references(() => accounts.id),
    /** When the lost dispute (the money taken back) entered the journal, once (decision 0057). */
    lostAt: timestamp('lost_at', { withTimezone: true }),
    /** What had been paid out of the member's wallet before the loss: owed by them, recorded, not clawed back. */
    paidOutBeforeKobo: bigint('paid_out_before_kobo', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('disputes_account_idx').on(t.accountId),
    index('disputes_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'resolved'`),
    check('disputes_answer', sql`${t.answer} IS NULL OR ${t.answer} IN ('accept', 'contest')`),
  ],
);

/** Each dispute event applied, by a digest of its body: a replayed webhook finds its key and changes nothing. */
export const disputeEvents = pgTable('dispute_events', {
  eventKey: text('event_key').primaryKey(),
  disputeId: bigint('dispute_id', { mode: 'number' })
    .notNull()
    .references(() => disputes.id),
  event: text('event').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
