import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Paystack's settlements to the company's bank (modules/settlements, decision 0058), as Paystack reports them
 * (GET /settlement), beside our own figure for each: the payments it holds less their fees, the refunds and the
 * chargebacks of its period. `mismatch` is set when the two differ, so the operator looks before ticking the bank line.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    providerSettlementId: bigint('provider_settlement_id', { mode: 'number' }).notNull().unique(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    settlementDate: timestamp('settlement_date', { withTimezone: true }).notNull(),
    /** Paystack's figures. */
    totalProcessedKobo: bigint('total_processed_kobo', { mode: 'number' }).notNull(),
    totalFeesKobo: bigint('total_fees_kobo', { mode: 'number' }).notNull(),
    deductionsKobo: bigint('deductions_kobo', { mode: 'number' }).notNull(),
    totalAmountKobo: bigint('total_amount_kobo', { mode: 'number' }).notNull(),
    effectiveAmountKobo: bigint('effective_amount_kobo', { mode: 'number' }).notNull(),
    /** Paystack's createdAt/updatedAt: the period's end, and whether it changed since we read it. */
    providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }).notNull(),
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }).notNull(),
    /** Ours: payments (our charged less our fees) less our refunds and chargebacks of the period. */
    oursTotalKobo: bigint('ours_total_kobo', { mode: 'number' }).notNull(),
    oursRefundsKobo: bigint('ours_refunds_kobo', { mode: 'number' }).notNull(),
    oursChargebacksKobo: bigint('ours_chargebacks_kobo', { mode: 'number' }).notNull(),
    mismatch: boolean('mismatch').notNull(),
    /** Why, in words for the screen (null when the figures agree). */
    mismatchNote: text('mismatch_note'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    /** The operator found the amount on the bank statement. */
    tickedAt: timestamp('ticked_at', { withTimezone: true }),
    tickedBy: uuid('ticked_by').references(() => accounts.id),
  },
  (t) => [index('settlements_date_idx').on(t.settlementDate, t.id)],
);

/**
 * What a settlement holds: its payments (Paystack's figures beside ours, matched by reference), and the refunds
 * and chargebacks of its period as we recorded them.
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    settlementId: bigint('settlement_id', { mode: 'number' })
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment', 'refund', 'chargeback'] }).notNull(),
    /** The payment's reference (every kind names the payment it concerns). */
    reference: text('reference').notNull(),
    /** Paystack's transaction id (payments), our refund id or dispute id (the others). */
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    /** Paystack's amount and fees for a payment; null for refunds and chargebacks (Paystack gives only a total). */
    providerAmountKobo: bigint('provider_amount_kobo', { mode: 'number' }),
    providerFeesKobo: bigint('provider_fees_kobo', { mode: 'number' }),
    /** Ours: a payment's charged amount, a refund's or a chargeback's amount; null when we have no such payment. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }),
    feesKobo: bigint('fees_kobo', { mode: 'number' }),
    accountId: uuid('account_id'),
    /** Why this line does not match, in words (null when it does). */
    problem: text('problem'),
  },
  (t) => [
    unique('settlement_lines_once').on(t.settlementId, t.kind, t.sourceId),
    index('settlement_lines_source_idx').on(t.kind, t.sourceId),
    check('settlement_lines_kind', sql`${t.kind} in ('payment', 'refund', 'chargeback')`),
  ],
);
