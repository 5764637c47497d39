import { PROGRAMMES } from '@coop/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { payments } from './payments';

/**
 * Where a refund stands: sending while Paystack is being asked; then Paystack's own words (pending, processing,
 * processed, failed, needs-attention; paystack.com/docs/payments/refunds). Only processed moves the ledger.
 */
export const REFUND_STATUSES = [
  'sending',
  'pending',
  'processing',
  'needs-attention',
  'processed',
  'failed',
] as const;

/**
 * Money of a payment that placed no position, given back through Paystack's Refund API. One refund at a time per
 * payment (the partial unique index), so Paystack is asked once and its refund events, which name only the
 * payment's reference, find their refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paymentReference: text('payment_reference')
      .notNull()
      .references(() => payments.reference),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The approval's or the form's key: carrying out the same approval again finds this row and asks Paystack nothing. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('sending'),
    /** Paystack's refund id (GET /refund/:id), once Paystack accepted the refund. */
    providerRefundId: integer('provider_refund_id'),
    /** Paystack's last word (its status, or why it refused or failed), shown to the operator. */
    providerNote: text('provider_note'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => accounts.id),
    approvedBy: uuid('approved_by').references(() => accounts.id),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When Paystack was last asked about it (GET /refund/:id: an event's check, the recheck job or an administrator). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** When Paystack expects the money back with the payer (its expected_at), once it has said. */
    expectedAt: timestamp('expected_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentReference, t.createdAt),
    uniqueIndex('refunds_one_open_per_payment')
      .on(t.paymentReference)
      .where(sql`${t.status} in ('sending', 'pending', 'processing', 'needs-attention')`),
    check('refunds_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'refunds_status_known',
      sql`${t.status} in ('sending', 'pending', 'processing', 'needs-attention', 'processed', 'failed')`,
    ),
  ],
);
