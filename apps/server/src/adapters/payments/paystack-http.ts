import { setTimeout as sleep } from 'node:timers/promises';
import { PaymentProviderError } from './types';

export interface PaystackHttpOptions {
  baseUrl: string;
  secretKey: string;
  /** Per attempt; Paystack answers in well under a second when healthy. */
  timeoutMs?: number;
  /** Attempts in all, for network faults, timeouts, 429 and 5xx; 4xx answers are final. */
  attempts?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export interface PaystackAnswer {
  httpStatus: number;
  body: unknown;
}

export type PaystackRequest = (
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options?: { query?: Record<string, string>; body?: unknown },
) => Promise<PaystackAnswer>;

/**
 * One HTTP call to Paystack with a timeout and retries. Retrying is safe for every call the platform makes:
 * reads are idempotent and every write carries our own reference, which Paystack refuses to use twice.
 * Throws PaymentProviderError (retryable) only when Paystack could not be reached or kept failing.
 */
export function createPaystackRequest(options: PaystackHttpOptions): PaystackRequest {
  const doFetch = options.fetch ?? fetch;
  const attempts = options.attempts ?? 3;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const base = options.baseUrl.replace(/\/$/, '');

  return async (method, path, { query, body } = {}) => {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    let lastFault = 'no attempt made';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      if (attempt > 1) await sleep(retryDelayMs * 2 ** (attempt - 2));
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers: {
            authorization: `Bearer ${options.secretKey}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        lastFault =
          error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : 'network error';
        continue;
      }
      const text = await response.text().catch(() => '');
      if (response.status >= 500 || response.status === 429) {
        lastFault = `HTTP ${response.status}`;
        continue;
      }
      if (response.status === 401)
        throw new PaymentProviderError('The payment provider refused our secret key (HTTP 401).', false);
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        throw new PaymentProviderError(
          `The payment provider answered ${method} ${path} with something other than JSON (HTTP ${response.status}).`,
          true,
        );
      }
      return { httpStatus: response.status, body: parsed };
    }
    throw new PaymentProviderError(
      `The payment provider could not be reached for ${method} ${path} after ${attempts} attempts (${lastFault}).`,
      true,
    );
  };
}
