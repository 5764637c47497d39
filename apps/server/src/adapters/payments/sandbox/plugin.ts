import type { FastifyInstance, FastifyReply } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { bankRoutes } from './bank-routes';
import { checkoutRoutes } from './checkout-routes';
import { disputeRoutes, SANDBOX_UPLOAD_PATH } from './dispute-routes';
import { paystackError } from './paystack-reply';
import { recordsRoutes } from './records-routes';
import { refundRoutes } from './refund-routes';
import { settlementRoutes } from './settlement-routes';
import type { SandboxState } from './state';
import { transactionRoutes } from './transaction-routes';
import { transferRoutes } from './transfer-routes';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The payment sandbox (DESIGN section 7): Paystack's endpoints with Paystack's shapes, mounted at
 * /sandbox/paystack when the provider is the sandbox. The API calls need the sandbox's secret key like
 * Paystack's need yours; the checkout page and its buttons are for the browser and need none.
 */
export async function paystackSandboxPlugin(app: FastifyInstance, options: { state: SandboxState }) {
  const { state } = options;
  // The checkout buttons are plain HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/sandbox/paystack/checkout/') || request.url.startsWith(SANDBOX_UPLOAD_PATH))
      return;
    const header = request.headers.authorization;
    if (!header) return paystackError(reply, 401, 'No Authorization Header was found');
    if (!sameText(header, `Bearer ${state.secretKey}`)) return paystackError(reply, 401, 'Invalid key');
  });
  // Every error in Paystack's envelope, {status: false, message} (paystack.com/docs/api/#errors): an unknown path,
  // a body that is not JSON, a POST without a JSON content type, or a fault of the sandbox itself.
  const notFound = (_request: unknown, reply: FastifyReply) =>
    paystackError(reply, 404, 'Route not found', { type: 'api_error', code: 'not_found' });
  app.setNotFoundHandler(notFound);
  // The web client's catch-all GET /* would otherwise answer an unknown sandbox path with the site's page.
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: '/*', handler: notFound });
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const httpStatus = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? 400 : 500;
    if (httpStatus === 500) request.log.error({ err: error }, 'sandbox: request failed');
    const message =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Invalid request: send the body as JSON with Content-Type: application/json'
        : httpStatus === 400
          ? 'Invalid request: the body could not be read'
          : 'An error occurred';
    return paystackError(reply, httpStatus, message, {
      type: httpStatus === 400 ? 'validation_error' : 'api_error',
      code: httpStatus === 400 ? 'invalid_params' : 'unknown',
    });
  });
  checkoutRoutes(app, state);
  transactionRoutes(app, state);
  bankRoutes(app, state);
  transferRoutes(app, state);
  disputeRoutes(app, state);
  recordsRoutes(app, state);
  refundRoutes(app, state);
  settlementRoutes(app, state);
}
