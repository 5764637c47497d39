import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { redactPaths, redactUrl, serializeError } from './log-safety';

/**
 * pino's options: JSON in production, one pretty line per entry in development, with the safe serializers
 * everywhere. A test hands in `stream` to read the lines the platform writes.
 */
export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent' && !stream) return false;
  const pretty = !config.isProduction && !stream;
  return {
    level: config.logLevel === 'silent' ? 'info' : config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
      }),
    },
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            // The completion line already says method, url, status and time.
            options: {
              translateTime: 'HH:MM:ss',
              ignore: 'pid,hostname,method,url,statusCode,responseTime',
              singleLine: true,
            },
          },
        }
      : {}),
  };
}

/** One line per request, when it completes (Fastify's own pair of lines is turned off in app.ts). */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    const url = redactUrl(request.url);
    const responseTime = Math.round(reply.elapsedTime);
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level](
      { method: request.method, url, statusCode: reply.statusCode, responseTime },
      `${request.method} ${url} ${reply.statusCode} ${responseTime} ms`,
    );
  });
});
