import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '@coop/core';
import { CONTROL_CHARACTERS_MESSAGE } from '@coop/core/contracts';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeDatabaseError, isDatabaseBusy, isDatabaseUnavailable } from '../db/unavailable';
import { ERROR_ANSWERS } from './error-answers';

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

/**
 * The HTTP answer of an expected refusal: a domain error through the one table of codes (error-answers.ts), or an
 * HttpError a route threw. Null for anything else (a bug), and for a domain code the table lacks: a 500, logged.
 */
export function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return null;
  const answer = ERROR_ANSWERS[error.code];
  if (!answer) return null;
  const code = answer.answerCode === undefined ? error.code : (answer.answerCode ?? undefined);
  return new HttpError(answer.status, error.message, code);
}

/** A refusal the person can act on (a 4xx answer), as against a failure of ours or of a provider. */
export const isRefusal = (error: unknown): boolean => (httpErrorOf(error)?.statusCode ?? 500) < 500;

// SQLSTATE character_not_in_repertoire (NUL in text) and untranslatable_character (\u0000 in jsonb).
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function refusedCharacters(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = current.cause, depth++
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) return true;
  }
  return false;
}

/** What a person reads while the database is away or overloaded: nothing of the cause, and when to try again. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client (or a proxy) is asked to wait: a database restart or failover takes about this long. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** One error shape for every answer: { message } (plus field errors for validation), never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError | HttpError | DomainError, request, reply) => {
    const error = httpErrorOf(thrown) ?? (thrown as FastifyError);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    // A text the schemas let through that PostgreSQL cannot store (NUL in text or JSON): the request's fault.
    if (refusedCharacters(error)) {
      request.log.warn({ err: error }, 'refused: the database cannot store a character of the request');
      return reply.status(400).send({ message: CONTROL_CHARACTERS_MESSAGE });
    }
    // The database is unreachable (restart, failover, network) or refused the statement for its time or lock limit:
    // a moment's wait mends it, so 503 with Retry-After, in the one shape, and the cause only in the log.
    const unavailable = isDatabaseUnavailable(error);
    if (unavailable || isDatabaseBusy(error)) {
      request.log.warn(
        { reason: describeDatabaseError(error) },
        unavailable
          ? 'refused: the database is not reachable'
          : 'refused: the database statement ran past its time or lock limit',
      );
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: UNAVAILABLE_MESSAGE, requestId: request.id });
    }
    const status = error.statusCode ?? 500;
    // A 502 of our own (HttpError) is a deliberate message for the person: the payment provider cannot give what was asked now.
    if (status >= 500 && !(error instanceof HttpError && status === 502)) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(status)
        .send({ message: 'Something went wrong on our side. Please try again.', requestId: request.id });
    }
    if (status === 413) return reply.status(413).send({ message: 'The request is too large.' });
    if (status === 415) return reply.status(415).send({ message: 'Send the request as JSON.' });
    return reply.status(status).send({
      message: error.message,
      ...(error.code && error instanceof HttpError ? { code: error.code } : {}),
    });
  });
});
