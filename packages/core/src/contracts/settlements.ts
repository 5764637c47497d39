import { z } from 'zod';
import { adminNameSchema, nairaString } from './responses';

/**
 * Paystack's settlements to the company's bank (decision 0058): Paystack's figures beside ours, so the operator can
 * tick the bank statement line by line and sees where the two differ.
 */
export const settlementSummarySchema = z.object({
  id: z.number(),
  providerSettlementId: z.number().describe("Paystack's settlement id"),
  status: z.string().describe("Paystack's word: success, processing, pending, failed"),
  settlementDate: z.string(),
  paymentCount: z.number().describe('the payments the settlement holds'),
  processed: nairaString.describe('what the payments were charged (Paystack)'),
  fees: nairaString.describe("Paystack's fees on them"),
  deductions: nairaString.describe('refunds and chargebacks Paystack took from the settlement'),
  refunds: nairaString.describe('our refunds processed in its period'),
  chargebacks: nairaString.describe('our disputes lost in its period'),
  total: nairaString.describe("what should reach the bank (Paystack's total_amount)"),
  oursTotal: nairaString.describe('the same by our records: payments less fees, refunds and chargebacks'),
  mismatch: z.boolean().describe("our figures and Paystack's differ"),
  mismatchNote: z.string().nullable(),
  tickedAt: z.string().nullable().describe('when an administrator found it on the bank statement'),
  tickedBy: adminNameSchema.nullable(),
});
export type SettlementSummary = z.infer<typeof settlementSummarySchema>;

export const settlementListSchema = z.object({
  items: z.array(settlementSummarySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  lastFetchedAt: z.string().nullable().describe('when Paystack was last asked for settlements'),
});
export type SettlementList = z.infer<typeof settlementListSchema>;

export const settlementLineSchema = z.object({
  kind: z.enum(['payment', 'refund', 'chargeback']),
  reference: z.string(),
  accountId: z.string().nullable(),
  memberName: z.string().nullable(),
  amount: nairaString.nullable().describe('ours: the charge, the refund or the chargeback'),
  fees: nairaString.nullable().describe("ours: Paystack's fees on the charge"),
  providerAmount: nairaString.nullable().describe("Paystack's charge (payments only)"),
  providerFees: nairaString.nullable().describe("Paystack's fees (payments only)"),
  net: nairaString.describe('what the line adds to (or takes from) the settlement'),
  problem: z.string().nullable(),
});
export type SettlementLine = z.infer<typeof settlementLineSchema>;

export const settlementDetailSchema = z.object({
  settlement: settlementSummarySchema,
  lines: z.array(settlementLineSchema),
});
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;

/** POST /admin/settlements/fetch: Paystack asked now. */
export const settlementFetchedSchema = z.object({
  message: z.string(),
  fetched: z.number(),
  changed: z.number(),
  mismatched: z.number().describe('of those written, how many differ from our records'),
});
export type SettlementFetched = z.infer<typeof settlementFetchedSchema>;

/** POST /admin/settlements/:id/tick: found (or not) on the bank statement. */
export const settlementTickSchema = z.strictObject({ ticked: z.boolean() });
export type SettlementTickInput = z.infer<typeof settlementTickSchema>;
