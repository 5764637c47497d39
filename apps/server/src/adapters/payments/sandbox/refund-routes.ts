import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refundCreateData, refundFetchData, refundListItem } from './refund-data';
import { refundAnswerOf } from './refund-desk';
import { paystackError, paystackOk } from './paystack-reply';
import type { SandboxState, SandboxTransaction } from './state';
import { paystackFeeKobo } from './transaction-routes';

// Paystack's RefundCreate (openapi.yaml): transaction required; amount in kobo, as a number or, in its doc samples, a string.
const refundBody = z.object({
  transaction: z.union([z.string().min(1), z.number().int()]).transform(String),
  amount: z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
  currency: z.enum(['GHS', 'KES', 'NGN', 'USD', 'ZAR']).optional(),
  customer_note: z.string().default(''),
  merchant_note: z.string().default(''),
});

/** What the customer was charged: the fee, plus Paystack's fees when the customer paid them. */
const chargedKoboOf = (t: SandboxTransaction) =>
  t.customerPaysFees ? t.amountKobo + paystackFeeKobo(t.amountKobo) : t.amountKobo;

const invalid = (reply: Parameters<typeof paystackError>[0], message: string) =>
  paystackError(reply, 400, message, { type: 'validation_error', code: 'invalid_params' });

/**
 * Paystack's Refund API (paystack.com/docs/api/refund): POST /refund answers "Refund has been queued for processing"
 * with the refund pending, then sends refund.pending, refund.processing and refund.processed (or refund.failed,
 * for the test inputs of refund-desk.ts); GET /refund/:id reads it; GET /refund lists them by date. A refund may be partial; together they never
 * pass what the customer was charged.
 */
export function refundRoutes(app: FastifyInstance, state: SandboxState) {
  app.post('/refund', async (request, reply) => {
    const parsed = refundBody.safeParse(request.body);
    if (!parsed.success)
      return invalid(reply, `Invalid ${parsed.error.issues[0]?.path.join('.') || 'request'}`);
    const body = parsed.data;
    const transaction = await state.transactions.get(body.transaction);
    if (!transaction)
      return paystackError(reply, 404, 'Transaction not found', {
        type: 'validation_error',
        code: 'transaction_not_found',
      });
    if (transaction.status !== 'success')
      return invalid(reply, 'Transaction has not been completed and cannot be refunded');
    if (body.currency && body.currency !== transaction.currency)
      return invalid(reply, 'Currency does not match the transaction currency');
    const chargedKobo = chargedKoboOf(transaction);
    const leftKobo = chargedKobo - (await state.refunds.refundedKobo(transaction.reference));
    if (leftKobo <= 0) return invalid(reply, 'Transaction has been fully reversed');
    const amountKobo = body.amount ?? leftKobo;
    if (amountKobo > leftKobo)
      return invalid(reply, 'Refund amount cannot be more than the amount left on the transaction');
    const lost = refundAnswerOf(transaction.email);
    if (lost === 'lost_before') return paystackError(reply, 500, 'An error occurred');
    const refund = await state.refunds.insert({
      transactionReference: transaction.reference,
      amountKobo,
      currency: transaction.currency,
      customerNote: body.customer_note,
      merchantNote: body.merchant_note,
    });
    state.refunds.start(refund, transaction);
    if (lost === 'lost_after') return paystackError(reply, 500, 'An error occurred');
    return paystackOk(
      reply,
      'Refund has been queued for processing',
      refundCreateData(refund, transaction, chargedKobo),
    );
  });

  // Paystack's refund_list: perPage (default 50), page, from and to (date-time); newest first, with its meta.
  const listQuery = z.object({
    perPage: z.coerce.number().int().min(1).max(100).default(50),
    page: z.coerce.number().int().min(1).default(1),
    from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
    to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  });
  app.get('/refund', async (request, reply) => {
    const parsed = listQuery.safeParse(request.query);
    if (!parsed.success)
      return invalid(reply, `Invalid ${parsed.error.issues[0]?.path.join('.') || 'query'}`);
    const { perPage, page, from, to } = parsed.data;
    const listed = await state.refunds.list(
      from ? new Date(from) : new Date(0),
      to ? new Date(to) : new Date(),
      page,
      perPage,
    );
    const data = [];
    for (const refund of listed.refunds) {
      const transaction = (await state.transactions.get(refund.transactionReference))!;
      data.push(refundListItem(refund, transaction, chargedKoboOf(transaction)));
    }
    const meta = {
      total: listed.total,
      skipped: (page - 1) * perPage,
      perPage: String(perPage),
      page,
      pageCount: Math.ceil(listed.total / perPage),
      failedRefundCount: listed.failed,
    };
    return paystackOk(reply, 'Refunds retrieved', data, 200, meta);
  });

  app.get<{ Params: { id: string } }>('/refund/:id', async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    const refund = id === null ? null : await state.refunds.get(id);
    if (!refund)
      return paystackError(reply, 404, 'Refund not found', { type: 'validation_error', code: 'not_found' });
    const transaction = (await state.transactions.get(refund.transactionReference))!;
    return paystackOk(
      reply,
      'Refund retrieved',
      refundFetchData(refund, transaction, chargedKoboOf(transaction)),
    );
  });
}
