import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paystackError, paystackOk } from './paystack-reply';
import type { SandboxState, SandboxTransaction } from './state';

/** Paystack's doc samples send amount as a JSON string, its OpenAPI file as an integer: both are accepted. */
const koboAmount = z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]).refine((n) => n > 0);

const initializeBody = z.object({
  email: z.string().min(3),
  amount: koboAmount,
  currency: z.literal('NGN').default('NGN'),
  reference: z
    .string()
    .regex(/^[A-Za-z0-9.=-]{1,100}$/)
    .optional(),
  callback_url: z.url().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** The data of GET /transaction/verify and of the charge.success webhook (the same shape at Paystack). */
export function transactionData(t: SandboxTransaction) {
  return {
    id: t.id,
    domain: 'test',
    status: t.status,
    reference: t.reference,
    receipt_number: null,
    amount: t.amountKobo,
    requested_amount: t.amountKobo,
    currency: t.currency,
    message: null,
    gateway_response: { success: 'Successful', failed: 'Declined', abandoned: 'The transaction was not completed', ongoing: 'ongoing' }[t.status],
    paid_at: t.paidAt,
    paidAt: t.paidAt,
    created_at: t.createdAt,
    createdAt: t.createdAt,
    channel: 'card',
    ip_address: null,
    metadata: t.metadata,
    fees: t.status === 'success' ? Math.min(Math.round(t.amountKobo * 0.015) + 10_000, 200_000) : null,
    authorization: { authorization_code: `AUTH_${t.id}`, bin: '408408', last4: '4081', channel: 'card', card_type: 'visa', bank: 'TEST BANK', country_code: 'NG', brand: 'visa', reusable: false },
    customer: { id: t.id, email: t.email, customer_code: `CUS_${t.id}` },
  };
}

export function transactionRoutes(app: FastifyInstance, state: SandboxState) {
  app.post('/transaction/initialize', async (request, reply) => {
    const parsed = initializeBody.safeParse(request.body);
    if (!parsed.success) return paystackError(reply, 400, `Invalid ${parsed.error.issues[0]?.path.join('.') || 'request'}`, { type: 'validation_error', code: 'invalid_params' });
    const body = parsed.data;
    const reference = body.reference ?? state.newCode('T').slice(2);
    const transaction = await state.transactions.insert({
      reference,
      email: body.email,
      amountKobo: body.amount,
      currency: body.currency,
      callbackUrl: body.callback_url ?? null,
      metadata: body.metadata ?? {},
    });
    if (!transaction) return paystackError(reply, 400, 'Duplicate Transaction Reference', { type: 'validation_error', code: 'duplicate_reference' });
    return paystackOk(reply, 'Authorization URL created', {
      authorization_url: `${app.config.publicUrl}/sandbox/paystack/checkout/${encodeURIComponent(reference)}`,
      access_code: reference,
      reference,
    });
  });

  app.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
    const transaction = await state.transactions.get(request.params.reference);
    if (!transaction) return paystackError(reply, 404, 'Transaction reference not found', { type: 'validation_error', code: 'transaction_not_found' });
    return paystackOk(reply, 'Verification successful', transactionData(transaction));
  });
}
