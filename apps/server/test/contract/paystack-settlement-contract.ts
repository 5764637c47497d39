import { z } from 'zod';

/**
 * Paystack's Settlements API, in the same terms as paystack-contract.ts. Its description (PaystackOSS/openapi
 * dist/paystack.yaml, /settlement and /settlement/{id}/transactions) types both answers only as "Ok", so the
 * documented samples are the contract: paystack.com/docs/api/settlement, List Settlements
 * (./documented/api_settlements_list_response.json) and Fetch Settlement Transactions
 * (./documented/api_settlements_transactions_response.json). A field is required when the sample has it; null where
 * a sample shows null.
 */
const int = z.number().int();
const str = z.string();
const pageMeta = { total: int, skipped: int, perPage: int, page: int, pageCount: int };

// The description's query parameters (perPage, page) and the documented ones (from, to, status), sent as strings.
const settlementListQuery = z.strictObject({
  perPage: str.regex(/^\d+$/).optional(),
  page: str.regex(/^\d+$/).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  status: str.optional(),
});

const settlement = z.object({
  id: int,
  domain: str,
  status: str,
  currency: str,
  integration: int,
  total_amount: int,
  effective_amount: int,
  total_fees: int,
  total_processed: int,
  deductions: int.nullable(),
  settlement_date: str,
  settled_by: z.unknown(),
  createdAt: str,
  updatedAt: str,
});

const settledTransaction = z.object({
  id: int,
  domain: str,
  status: str,
  reference: str,
  amount: int,
  message: str.nullable(),
  gateway_response: str,
  paid_at: str,
  created_at: str,
  channel: str,
  currency: str,
  ip_address: str.nullable(),
  metadata: z.unknown(),
  log: z.record(z.string(), z.unknown()).nullable(),
  fees: int,
  fees_split: z.unknown(),
  customer: z.object({
    id: int,
    first_name: str.nullable(),
    last_name: str.nullable(),
    email: str,
    phone: str.nullable(),
    metadata: z.unknown(),
    customer_code: str,
    risk_action: str,
  }),
  authorization: z.record(z.string(), z.unknown()),
  plan: z.record(z.string(), z.unknown()),
  split: z.record(z.string(), z.unknown()),
  subaccount: z.record(z.string(), z.unknown()),
  order_id: z.unknown(),
  paidAt: str,
  createdAt: str,
  requested_amount: int,
  source: z.unknown(),
  pos_transaction_data: z.unknown(),
});

export const SETTLEMENT_ENDPOINTS = [
  {
    method: 'GET' as const,
    path: /^\/settlement$/,
    name: 'settlement list',
    query: settlementListQuery,
    answer: z.object({
      status: z.literal(true),
      message: str,
      data: z.array(settlement),
      meta: z.object(pageMeta),
    }),
  },
  {
    method: 'GET' as const,
    path: /^\/settlement\/\d+\/transactions$/,
    name: 'settlement transactions',
    query: z.strictObject({ perPage: str.regex(/^\d+$/).optional(), page: str.regex(/^\d+$/).optional() }),
    answer: z.object({
      status: z.literal(true),
      message: str,
      data: z.array(settledTransaction),
      meta: z.object({ ...pageMeta, total_volume: z.number() }),
    }),
  },
];
