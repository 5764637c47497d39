/**
 * What may reach the log. Errors and URLs are rebuilt from an allow-list instead of trusting whatever a
 * library hangs on them: a failed query's error (drizzle's DrizzleQueryError, pg's and PGlite's errors) carries
 * the statement's parameters (an email, a phone, an address, a password hash, an account number) in its
 * message, `params` and `detail`; a URL's query may carry a mailed token or a searched email.
 */

/** Never log what could open an account or move money, wherever it sits in a logged object. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-paystack-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.confirmPassword',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.accountNumber',
  '*.account_number',
  '*.secretKey',
  '*.jwtSecret',
];

/** Query parameters whose values tell an operator something and can name nobody. */
const HARMLESS_QUERY = new Set([
  'programme',
  'page',
  'pageSize',
  'limit',
  'levels',
  'status',
  'period',
  'trxref',
  'reference',
]);

/** The URL with every query value outside HARMLESS_QUERY replaced, e.g. /api/x?token=[redacted]. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals === -1 ? pair : pair.slice(0, equals);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // A malformed key is redacted like any other.
      }
      return HARMLESS_QUERY.has(name) ? pair : `${key}=[redacted]`;
    });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}

// Fields of database errors that describe the failure without the data (pg's DatabaseError and PGlite's).
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'dataType',
] as const;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** The message without data: drizzle appends "params: ..." to the SQL; PostgreSQL quotes the refused value. */
function safeMessage(error: Error & { code?: unknown }): string {
  let message = String(error.message ?? '');
  const params = message.indexOf('\nparams:');
  if (params !== -1) message = message.slice(0, params);
  if (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code))
    message = message.replace(/: ".*"$/s, ': [redacted]');
  return message;
}

/** pino's `err` serializer: type, message, stack frames, SQLSTATE fields and the cause chain, nothing else. */
export function serializeError(error: Error): SerializedError {
  return serializeCause(error, 0) as SerializedError;
}

function serializeCause(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error;
  const type = error.constructor?.name ?? 'Error';
  const message = safeMessage(error);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < 5) serialized.cause = serializeCause(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < 5)
    serialized.errors = error.errors.map((inner: unknown) => serializeCause(inner, depth + 1));
  return serialized;
}
