import { z } from 'zod';

/**
 * Paystack's settlement answers, only the fields the platform reads (paystack.com/docs/api/settlement, its List
 * Settlements and Fetch Settlement Transactions samples; the full contract is in
 * apps/server/test/contract/paystack-settlement-contract.ts). Paystack's description types both answers only as
 * "Ok", so the documented samples are the shape.
 */
const int = z.number().int();
const meta = z.object({ pageCount: int.nonnegative() });

export const listSettlementsAnswer = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(
    z.object({
      id: int,
      status: z.string(),
      currency: z.string(),
      total_amount: int,
      effective_amount: int,
      total_fees: int,
      total_processed: int,
      // null in every documented sample: nothing deducted.
      deductions: int.nullable(),
      settlement_date: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  meta,
});

export const settlementTransactionsAnswer = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.array(
    z.object({
      id: int,
      status: z.string(),
      reference: z.string(),
      amount: int,
      requested_amount: int.nullish(),
      fees: int.nullish(),
      currency: z.string(),
      paid_at: z.string().nullish(),
    }),
  ),
  meta,
});
