import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sandboxTransactions } from './sandbox';

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
