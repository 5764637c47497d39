import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { renderCheckoutPage } from './checkout-page';
import { transactionData } from './transaction-routes';
import type { SandboxState } from './state';

// success_fees: paid with Paystack's fees added for the customer (an account that passes its fees on).
const outcomeBody = z.object({ outcome: z.enum(['success', 'success_fees', 'failed', 'abandoned']) });

/** Where Paystack sends the browser after checkout: the callback with ?trxref=&reference= appended. */
function callbackLocation(callbackUrl: string, reference: string) {
  const url = new URL(callbackUrl);
  url.searchParams.set('trxref', reference);
  url.searchParams.set('reference', reference);
  return url.toString();
}

/**
 * Whether the payment session has ended (GET/PUT /integration/payment_session_timeout; 0: never): after it the
 * checkout's link no longer takes a payment, as at Paystack.
 */
export const sessionExpired = (state: SandboxState, transaction: { createdAt: string }, now: Date) =>
  state.paymentSessionTimeoutSeconds > 0 &&
  now.getTime() - new Date(transaction.createdAt).getTime() > state.paymentSessionTimeoutSeconds * 1000;

/**
 * The checkout page at the authorization_url and its buttons. Paying marks the transaction paid, sends the
 * signed charge.success webhook (as Paystack does, only for successes) and then redirects to the callback.
 */
export function checkoutRoutes(app: FastifyInstance, state: SandboxState) {
  app.get<{ Params: { reference: string } }>('/checkout/:reference', async (request, reply) => {
    const transaction = await state.transactions.get(request.params.reference);
    if (!transaction)
      return reply
        .status(404)
        .type('text/html')
        .send('<!doctype html><title>Not found</title><p>No such payment.</p>');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderCheckoutPage(transaction, sessionExpired(state, transaction, new Date())));
  });

  app.post<{ Params: { reference: string } }>('/checkout/:reference', async (request, reply) => {
    const found = await state.transactions.get(request.params.reference);
    if (!found) return reply.status(404).send({ message: 'No such payment.' });
    const parsed = outcomeBody.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ message: 'Choose Pay, Fail or Cancel.' });
    // A paid checkout is settled; a declined card or a cancelled page may be tried again, as on Paystack's.
    // Deciding is one conditional update, so a double click pays (and sends the webhook) once.
    const { outcome } = parsed.data;
    if (found.status !== 'success' && sessionExpired(state, found, new Date()))
      return reply.type('text/html; charset=utf-8').send(renderCheckoutPage(found, true));
    const decided = await state.transactions.decide(
      found.reference,
      outcome === 'success_fees' ? 'success' : outcome,
      new Date(),
      outcome === 'success_fees',
    );
    if (decided?.status === 'success')
      await state.sendWebhook('charge.success', decided.reference, transactionData(decided));
    const transaction = decided ?? found;
    if (!transaction.callbackUrl)
      return reply.type('text/html; charset=utf-8').send(renderCheckoutPage(transaction));
    return reply.redirect(callbackLocation(transaction.callbackUrl, transaction.reference), 303);
  });
}
