import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** Every transfer status Paystack documents (docs: transfers/how-transfers-work). */
export const SANDBOX_TRANSFER_STATUSES = [
  'pending',
  'otp',
  'received',
  'success',
  'failed',
  'reversed',
  'abandoned',
  'blocked',
  'rejected',
] as const;

/** The payment sandbox's records (adapters/payments/sandbox): Paystack's side of a checkout, kept across restarts. */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    reference: text('reference').primaryKey(),
    id: integer('id').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    email: text('email').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The customer paid Paystack's fees on top (the checkout's "Pay, fees added"): verify's amount includes them. */
    customerPaysFees: boolean('customer_pays_fees').notNull().default(false),
    currency: text('currency').notNull(),
    callbackUrl: text('callback_url'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['ongoing', 'success', 'failed', 'abandoned'] }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_transactions_status', sql`${t.status} IN ('ongoing', 'success', 'failed', 'abandoned')`),
  ],
);

export const sandboxRecipients = pgTable(
  'sandbox_recipients',
  {
    code: text('code').primaryKey(),
    id: integer('id').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    name: text('name').notNull(),
    /** The sandbox plays the bank's side, which knows the full number; the platform itself keeps it only in bank_details. */
    accountNumber: text('account_number').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
  },
  (t) => [unique('sandbox_recipients_account').on(t.accountNumber, t.bankCode)],
);

export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    reference: text('reference').primaryKey(),
    id: integer('id').generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    transferCode: text('transfer_code').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    recipientCode: text('recipient_code')
      .notNull()
      .references(() => sandboxRecipients.code),
    status: text('status', { enum: SANDBOX_TRANSFER_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'sandbox_transfers_status',
      sql`${t.status} IN ('pending', 'otp', 'received', 'success', 'failed', 'reversed', 'abandoned', 'blocked', 'rejected')`,
    ),
  ],
);

/** The sandbox's disputes (Paystack's side of them), so a raised test dispute survives a restart like its payment. */
export const sandboxDisputes = pgTable('sandbox_disputes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1801929 }),
  transactionReference: text('transaction_reference').notNull(),
  status: text('status').notNull(),
  resolution: text('resolution'),
  refundAmountKobo: bigint('refund_amount_kobo', { mode: 'number' }).notNull(),
  category: text('category').notNull(),
  note: text('note'),
  /** The evidence id given by POST /dispute/:id/evidence, and what it said. */
  evidence: jsonb('evidence').$type<Record<string, unknown> | null>(),
  /** Files uploaded to the signed URLs of GET /dispute/:id/upload_url, by file name. */
  uploads: jsonb('uploads').$type<Record<string, number>>().notNull().default({}),
  messages: jsonb('messages')
    .$type<{ sender: string; body: string; createdAt: string }[]>()
    .notNull()
    .default([]),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The payment sandbox's refunds (adapters/payments/sandbox/refund-routes.ts), kept across restarts like its transactions. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 3018284 }),
    transactionReference: text('transaction_reference')
      .notNull()
      .references(() => sandboxTransactions.reference),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'processed', 'failed'] }).notNull(),
    customerNote: text('customer_note').notNull(),
    merchantNote: text('merchant_note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_refunds_status', sql`${t.status} IN ('pending', 'processing', 'processed', 'failed')`),
  ],
);

/**
 * The sandbox's settlements (settlement-store.ts): what it paid to the company's bank, as Paystack does, from the
 * successful charges less their fees, the refunds processed and the chargebacks lost since the last one.
 */
export const sandboxSettlements = pgTable('sandbox_settlements', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 3090024 }),
  status: text('status').notNull(),
  totalAmountKobo: bigint('total_amount_kobo', { mode: 'number' }).notNull(),
  totalFeesKobo: bigint('total_fees_kobo', { mode: 'number' }).notNull(),
  totalProcessedKobo: bigint('total_processed_kobo', { mode: 'number' }).notNull(),
  deductionsKobo: bigint('deductions_kobo', { mode: 'number' }).notNull(),
  settlementDate: timestamp('settlement_date', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** What each sandbox settlement holds: a charge (by reference), a refund or a chargeback (by id), each once. */
export const sandboxSettlementItems = pgTable(
  'sandbox_settlement_items',
  {
    kind: text('kind', { enum: ['charge', 'refund', 'chargeback'] }).notNull(),
    /** The charge's reference, or the refund's or dispute's id. */
    source: text('source').notNull(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => sandboxSettlements.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    feesKobo: bigint('fees_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.source] }),
    check('sandbox_settlement_items_kind', sql`${t.kind} IN ('charge', 'refund', 'chargeback')`),
  ],
);
