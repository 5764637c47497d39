import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure the caller can act on: its message is shown to the person as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** One error shape for every answer: { message } (plus field errors for validation), never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Something went wrong on our side. Please try again.', requestId: request.id });
    }
    if (status === 413) return reply.status(413).send({ message: 'The request is too large.' });
    if (status === 415) return reply.status(415).send({ message: 'Send the request as JSON.' });
    return reply.status(status).send({ message: error.message, ...(error.code && error instanceof HttpError ? { code: error.code } : {}) });
  });
});
