import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments';

/** How long Paystack's answer is trusted: the setting changes at most when an operator edits it (decision 0054). */
const CACHE_MS = 10 * 60 * 1000;

const cached = new WeakMap<PaymentProvider, { seconds: number; until: number }>();

/**
 * Seconds an unpaid checkout stays payable at Paystack: the integration's payment session timeout (GET
 * /integration/payment_session_timeout), read once per ten minutes per provider. 0: Paystack sets no limit, so the
 * checkout is kept until it is paid or the fee changes. null: not known now (Paystack did not answer); the caller
 * then keeps the checkout, because a second one could be charged too while the first still takes payments.
 */
export async function checkoutLifetimeSeconds(
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<number | null> {
  const known = cached.get(provider);
  if (known && known.until > now) return known.seconds;
  try {
    const seconds = await provider.paymentSessionTimeoutSeconds();
    cached.set(provider, { seconds, until: now + CACHE_MS });
    return seconds;
  } catch (error) {
    log.warn({ err: error }, "payment: Paystack's payment session timeout could not be read");
    return known?.seconds ?? null;
  }
}

/** Tests: forget the cached timeout after changing it at the sandbox. */
export const forgetCheckoutLifetime = (provider: PaymentProvider) => cached.delete(provider);
