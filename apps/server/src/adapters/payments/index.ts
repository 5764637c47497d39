import type { Config } from '../../config';
import { createPaystackProvider } from './paystack-client';
import type { PaymentProvider } from './types';

export * from './types';
export { signPaystackBody } from './webhook-signature';

/**
 * The sandbox's fixed test secret key (DESIGN section 7). It opens nothing real: the sandbox is a local
 * stand-in that only answers requests signed with it, and signs its webhooks with it.
 */
export const SANDBOX_SECRET_KEY = 'sk_test_sandbox0000000000000000000000000000';
export const SANDBOX_PREFIX = '/sandbox/paystack';

/** Paystack itself, or the built-in sandbox at `${publicUrl}/sandbox/paystack` through the same HTTP client. */
export function createPaymentProvider(
  config: Config,
  options: { fetch?: typeof fetch } = {},
): PaymentProvider {
  if (config.payments.provider === 'sandbox') {
    return createPaystackProvider({
      name: 'sandbox',
      baseUrl: `${config.publicUrl}${SANDBOX_PREFIX}`,
      secretKey: SANDBOX_SECRET_KEY,
      fetch: options.fetch,
    });
  }
  if (!config.payments.secretKey) throw new Error('PAYSTACK_SECRET_KEY is needed for the Paystack provider');
  return createPaystackProvider({
    name: 'paystack',
    baseUrl: config.payments.baseUrl,
    secretKey: config.payments.secretKey,
    fetch: options.fetch,
  });
}
