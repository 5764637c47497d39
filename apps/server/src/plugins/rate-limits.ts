import { DomainError } from '@coop/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { waitText } from './sign-in-locks';

interface Limit {
  max: number;
  /** milliseconds */
  window: number;
}
const MINUTE = 60_000;

/**
 * How often each guessable or mail-sending call may run, per network address and per account (the email the
 * call is about, or the signed-in account). Sign-in counts only wrong passwords, with its own rules
 * (plugins/sign-in-locks.ts). Addresses are generous because a cybercafé or a mobile carrier puts
 * many people behind one; the per-account limit is what stops guessing one person's password.
 */
export const limits = {
  signup: { perAddress: { max: 60, window: 60 * MINUTE }, perAccount: { max: 5, window: 60 * MINUTE } },
  mailLink: { perAddress: { max: 30, window: 15 * MINUTE }, perAccount: { max: 5, window: 60 * MINUTE } },
  // The mailed tokens carry 256 random bits, so this only keeps one address from flooding the database.
  mailedToken: { perAddress: { max: 60, window: 15 * MINUTE } },
  updatePassword: { perAccount: { max: 10, window: 15 * MINUTE } },
  contact: { perAddress: { max: 5, window: 10 * MINUTE }, perAccount: { max: 5, window: 60 * MINUTE } },
  // A 6-digit code has a million values: ten tries per account in 15 minutes makes guessing hopeless.
  secondFactor: {
    perAddress: { max: 30, window: 15 * MINUTE },
    perAccount: { max: 10, window: 15 * MINUTE },
  },
} satisfies Record<string, { perAddress?: Limit; perAccount?: Limit }>;

/**
 * A preHandler (after validation, so the body's email is normalised) that counts the request against both
 * limits and refuses with 429 when either is exceeded. Counted in the database (plugins/rate-limit-store.ts), so
 * several instances on one PostgreSQL share each count.
 */
export function rateLimited(
  app: FastifyInstance,
  name: string,
  rule: { perAddress?: Limit; perAccount?: Limit },
  accountKey?: (request: FastifyRequest) => string,
) {
  const checks: Array<ReturnType<FastifyInstance['createRateLimit']>> = [];
  if (rule.perAddress)
    checks.push(
      app.createRateLimit({
        max: rule.perAddress.max,
        timeWindow: rule.perAddress.window,
        keyGenerator: (r) => `${name}|ip|${r.ip}`,
      }),
    );
  if (rule.perAccount && accountKey) {
    checks.push(
      app.createRateLimit({
        max: rule.perAccount.max,
        timeWindow: rule.perAccount.window,
        keyGenerator: (r) => `${name}|account|${accountKey(r)}`,
      }),
    );
  }
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new DomainError(
          'rate_limited',
          `Too many attempts. Please wait ${waitText(result.ttlInSeconds)} and try again.`,
        );
      }
    }
  };
}

/** The account a public call is about: its programme and the email in the body. */
export const bodyEmailKey = (programme: string) => (request: FastifyRequest) =>
  `${programme}:${(request.body as { email?: string }).email ?? ''}`;
