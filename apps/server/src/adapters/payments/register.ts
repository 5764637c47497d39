import type { FastifyInstance } from 'fastify';
import { createBackgroundWork } from '../../lib/background-work';
import { createPaymentProvider, SANDBOX_PREFIX, SANDBOX_SECRET_KEY } from './index';
import { paystackSandboxPlugin } from './sandbox/plugin';
import { createSandboxState } from './sandbox/state';
import type { PaymentProvider } from './types';

/**
 * Decorates app.payments with the provider, app.paymentWork with the tracker of work started by webhooks, and, when the provider is the sandbox, mounts the sandbox at
 * /sandbox/paystack and exposes its memory as app.paystackSandbox (for tests; null otherwise).
 */
export async function registerPayments(app: FastifyInstance, options: { provider?: PaymentProvider } = {}) {
  const { config } = app;
  app.decorate('payments', options.provider ?? createPaymentProvider(config));
  app.decorate('paymentWork', createBackgroundWork(app));
  const sandbox =
    config.payments.provider === 'sandbox'
      ? createSandboxState({
          secretKey: SANDBOX_SECRET_KEY,
          webhookUrl: `${config.publicUrl}/api/webhooks/paystack`,
          db: app.db,
        })
      : null;
  app.decorate('paystackSandbox', sandbox);
  if (!sandbox) return;
  // Request lines are not logged: bank/resolve carries the full account number in its query, as Paystack's does.
  await app.register(paystackSandboxPlugin, { prefix: SANDBOX_PREFIX, state: sandbox, logLevel: 'warn' });
  // Queued transfer completions send webhooks to this app: let them finish before it closes.
  app.addHook('onClose', async () => sandbox.idle());
}
