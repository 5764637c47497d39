import { PROGRAMMES } from '@coop/core';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { positions } from './engine';

/** What a paid payment did: placed the member's position, or not (the money is then owed back). */
export const PAYMENT_PLACEMENTS = ['placed', 'not_placed'] as const;

/** One attempt to pay a programme's fee; the reference is ours, unguessable, and sent to the provider. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    programme: text('programme', { enum: PROGRAMMES }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /**
     * What the customer paid Paystack on top of the fee when the account passes its fees to the customer
     * (verify's amount - requested_amount); Paystack keeps it, so it never enters the ledger. Null: none.
     */
    customerFeeKobo: bigint('customer_fee_kobo', { mode: 'number' }),
    /** What Paystack charged the customer (verify's amount; migration 0035). Null until paid, or paid before 0035. */
    chargedKobo: bigint('charged_kobo', { mode: 'number' }),
    /** Paystack's fees on the charge (verify's fees), whoever bore them; null when not told. */
    paystackFeesKobo: bigint('paystack_fees_kobo', { mode: 'number' }),
    /** What a lost card dispute took back of the fee of a payment that placed a position (migration 0041). */
    feeTakenBackKobo: bigint('fee_taken_back_kobo', { mode: 'number' }),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'abandoned'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['paystack', 'sandbox'] }).notNull(),
    authorizationUrl: text('authorization_url'),
    accessCode: text('access_code'),
    positionId: bigint('position_id', { mode: 'number' }).references(() => positions.id),
    failureReason: text('failure_reason'),
    /**
     * Whether a paid payment placed a position (migration 0033): not_placed is owed back and never income. Kept as
     * data because SQL filters on it; failure_reason stays words for people. Null while not paid.
     */
    placement: text('placement', { enum: PAYMENT_PLACEMENTS }),
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
    check('payments_placement_known', sql`${t.placement} in ('placed', 'not_placed')`),
    check('payments_placement_when_paid', sql`${t.placement} is null or ${t.status} = 'paid'`),
    check(
      'payments_not_placed_has_no_position',
      sql`${t.placement} <> 'not_placed' or ${t.positionId} is null`,
    ),
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
