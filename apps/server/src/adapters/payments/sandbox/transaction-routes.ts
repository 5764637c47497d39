import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paystackFeeKobo } from './fees';
import { paystackError, paystackOk } from './paystack-reply';
import type { SandboxState, SandboxTransaction } from './state';

/** Paystack's doc samples send amount as a JSON string, its OpenAPI file as an integer: both are accepted. */
const koboAmount = z
  .union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)])
  .refine((n) => n > 0);

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

// Its home is fees.ts (the settlements' store needs it without the routes); importers here keep working.
export { paystackFeeKobo };

/**
 * The data of GET /transaction/verify and of the charge.success webhook (the same shape at Paystack,
 * paystack.com/docs/api/transaction/#verify). When the customer pays the fees, amount is
 * requested_amount + fees, as in Paystack's documented sample (40333 = 30050 + 10283).
 */
export function transactionData(t: SandboxTransaction) {
  const feesKobo = t.status === 'success' ? paystackFeeKobo(t.amountKobo) : null;
  return {
    id: t.id,
    domain: 'test',
    // Paystack answers a checkout nobody has paid yet as abandoned ("the customer has not completed the
    // transaction"); it can still be paid until the payment session times out.
    status: t.status === 'ongoing' ? 'abandoned' : t.status,
    reference: t.reference,
    receipt_number: null,
    amount: t.customerPaysFees && feesKobo !== null ? t.amountKobo + feesKobo : t.amountKobo,
    requested_amount: t.amountKobo,
    currency: t.currency,
    message: null,
    gateway_response: {
      success: 'Successful',
      failed: 'Declined',
      abandoned: 'The transaction was not completed',
      ongoing: 'The transaction was not completed',
    }[t.status],
    paid_at: t.paidAt,
    paidAt: t.paidAt,
    created_at: t.createdAt,
    createdAt: t.createdAt,
    channel: 'card',
    ip_address: '127.0.0.1',
    metadata: t.metadata,
    log: null,
    fees: feesKobo,
    fees_split: null,
    authorization: {
      authorization_code: `AUTH_${t.id}`,
      bin: '408408',
      last4: '4081',
      exp_month: '12',
      exp_year: '2030',
      channel: 'card',
      card_type: 'visa',
      bank: 'TEST BANK',
      country_code: 'NG',
      brand: 'visa',
      reusable: false,
      signature: `SIG_${t.id}`,
      account_name: null,
    },
    customer: {
      id: t.id,
      first_name: null,
      last_name: null,
      email: t.email,
      customer_code: `CUS_${t.id}`,
      phone: null,
      metadata: null,
      risk_action: 'default',
      international_format_phone: null,
    },
    plan: null,
    split: {},
    order_id: null,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: t.createdAt,
    plan_object: {},
    subaccount: {},
  };
}

const sessionTimeoutBody = z.object({ timeout: z.number().int().min(0) });

export function transactionRoutes(app: FastifyInstance, state: SandboxState) {
  // Paystack's integration setting (Fetch/Update Payment Session Timeout): seconds a checkout stays payable, 0 none.
  app.get('/integration/payment_session_timeout', async (_request, reply) =>
    paystackOk(reply, 'Payment session timeout retrieved', {
      payment_session_timeout: state.paymentSessionTimeoutSeconds,
    }),
  );
  app.put('/integration/payment_session_timeout', async (request, reply) => {
    const parsed = sessionTimeoutBody.safeParse(request.body);
    if (!parsed.success)
      return paystackError(reply, 400, 'Invalid timeout', {
        type: 'validation_error',
        code: 'invalid_params',
      });
    state.paymentSessionTimeoutSeconds = parsed.data.timeout;
    return paystackOk(reply, 'Payment session timeout updated', {
      payment_session_timeout: state.paymentSessionTimeoutSeconds,
    });
  });

  app.post('/transaction/initialize', async (request, reply) => {
    const parsed = initializeBody.safeParse(request.body);
    if (!parsed.success)
      return paystackError(reply, 400, `Invalid ${parsed.error.issues[0]?.path.join('.') || 'request'}`, {
        type: 'validation_error',
        code: 'invalid_params',
      });
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
    if (!transaction)
      return paystackError(reply, 400, 'Duplicate Transaction Reference', {
        type: 'validation_error',
        code: 'duplicate_reference',
      });
    return paystackOk(reply, 'Authorization URL created', {
      authorization_url: `${app.config.publicUrl}/sandbox/paystack/checkout/${encodeURIComponent(reference)}`,
      access_code: reference,
      reference,
    });
  });

  app.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (request, reply) => {
    const transaction = await state.transactions.get(request.params.reference);
    if (!transaction)
      return paystackError(reply, 404, 'Transaction reference not found', {
        type: 'validation_error',
        code: 'transaction_not_found',
      });
    return paystackOk(reply, 'Verification successful', transactionData(transaction));
  });
}
