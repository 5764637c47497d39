import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';

/** What a refund uses: the database, the provider that sends it, and the log for a provider that did not answer. */
export interface RefundDeps {
  db: Db;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}
