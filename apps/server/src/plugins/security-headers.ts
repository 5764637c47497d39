import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Helmet's headers on every answer. The middleware is built once here: @fastify/helmet built it again on every
 * request (parsing the whole Content-Security-Policy each time), a few per cent of a signed-in read (decision 0015).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const applyHeaders = helmet({
    hsts: config.isProduction,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https://checkout.paystack.com'],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
});
