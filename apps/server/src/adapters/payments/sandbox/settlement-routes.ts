import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paystackError, paystackOk } from './paystack-reply';
import type { SandboxSettlement } from './settlement-store';
import type { SandboxState } from './state';
import { transactionData } from './transaction-routes';

const INTEGRATION_ID = 463433;

/**
 * A settlement in the shape of Paystack's List Settlements sample (paystack.com/docs/api/settlement/#list):
 * deductions null when nothing was deducted, as every documented sample shows it.
 */
export function settlementData(s: SandboxSettlement) {
  return {
    id: s.id,
    domain: 'test',
    status: s.status,
    currency: 'NGN',
    integration: INTEGRATION_ID,
    total_amount: s.totalAmountKobo,
    effective_amount: s.totalAmountKobo,
    total_fees: s.totalFeesKobo,
    total_processed: s.totalProcessedKobo,
    deductions: s.deductionsKobo === 0 ? null : s.deductionsKobo,
    settlement_date: s.settlementDate.toISOString(),
    settled_by: null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** A settled charge as Fetch Settlement Transactions' sample shows it (paystack.com/docs/api/settlement/#transactions). */
function settledTransactionData(t: Parameters<typeof transactionData>[0]) {
  const data = transactionData(t);
  return {
    id: data.id,
    domain: data.domain,
    status: data.status,
    reference: data.reference,
    amount: data.amount,
    message: '',
    gateway_response: 'Approved',
    paid_at: data.paid_at,
    created_at: data.created_at,
    channel: data.channel,
    currency: data.currency,
    ip_address: data.ip_address,
    metadata: data.metadata,
    log: null,
    fees: data.fees,
    fees_split: null,
    customer: { ...data.customer, international_format_phone: undefined },
    authorization: data.authorization,
    plan: {},
    split: {},
    subaccount: {},
    order_id: null,
    paidAt: data.paidAt,
    createdAt: data.createdAt,
    requested_amount: data.requested_amount,
    source: { source: 'merchant_api', type: 'api', identifier: null, entry_point: 'transaction_initialize' },
    pos_transaction_data: null,
  };
}

const page = z.coerce.number().int().min(1).default(1);
const perPage = z.coerce.number().int().min(1).max(100).default(50);
const listQuery = z.object({
  perPage,
  page,
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});

const invalid = (reply: Parameters<typeof paystackError>[0], message: string) =>
  paystackError(reply, 400, message, { type: 'validation_error', code: 'invalid_params' });

/** Midnight (UTC) of a day: the daily settlement takes what was paid before it. */
const startOfDay = (now: Date) => {
  const day = new Date(now);
  day.setUTCHours(0, 0, 0, 0);
  return day;
};

/**
 * Paystack's Settlements API (paystack.com/docs/api/settlement). The sandbox settles daily as Paystack does: asked
 * for its settlements, it first settles what was paid before today that no settlement holds yet (settle-now on the
 * records page, or state.settlements.settle(now) in tests, settles up to the moment).
 */
export function settlementRoutes(app: FastifyInstance, state: SandboxState) {
  app.get('/settlement', async (request, reply) => {
    const parsed = listQuery.safeParse(request.query);
    if (!parsed.success)
      return invalid(reply, `Invalid ${parsed.error.issues[0]?.path.join('.') || 'query'}`);
    const { from, to, page: pageNo, perPage: size } = parsed.data;
    await state.settlements.settle(startOfDay(new Date()));
    const listed = await state.settlements.list(
      from ? new Date(from) : new Date(0),
      to ? new Date(to) : new Date(),
      pageNo,
      size,
    );
    return paystackOk(reply, 'Settlements retrieved', listed.settlements.map(settlementData), 200, {
      total: listed.total,
      skipped: (pageNo - 1) * size,
      perPage: size,
      page: pageNo,
      pageCount: Math.ceil(listed.total / size),
    });
  });

  app.get<{ Params: { id: string } }>('/settlement/:id/transactions', async (request, reply) => {
    const parsed = z.object({ perPage, page }).safeParse(request.query);
    if (!parsed.success)
      return invalid(reply, `Invalid ${parsed.error.issues[0]?.path.join('.') || 'query'}`);
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    const settlement = id === null ? null : await state.settlements.get(id);
    if (!settlement)
      return paystackError(reply, 404, 'Settlement not found', {
        type: 'validation_error',
        code: 'not_found',
      });
    const { page: pageNo, perPage: size } = parsed.data;
    const listed = await state.settlements.charges(settlement.id, pageNo, size);
    const data = [];
    for (const reference of listed.references) {
      const transaction = await state.transactions.get(reference);
      if (transaction) data.push(settledTransactionData(transaction));
    }
    return paystackOk(reply, 'Transactions retrieved', data, 200, {
      total: listed.total,
      // Paystack's sample gives the volume in the currency's main unit (10000 kobo: 100).
      total_volume: listed.volumeKobo / 100,
      skipped: (pageNo - 1) * size,
      perPage: size,
      page: pageNo,
      pageCount: Math.ceil(listed.total / size),
    });
  });
}
