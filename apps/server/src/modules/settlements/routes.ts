import { DomainError } from '@coop/core';
import {
  errorResponses,
  errorSchema,
  idParams,
  plainPageQuerySchema,
  settlementDetailSchema,
  settlementFetchedSchema,
  settlementListSchema,
  settlementTickSchema,
} from '@coop/core/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentProviderError } from '../../adapters/payments';
import { signedIn } from '../../plugins/auth';
import { recordAudit } from '../audit/record-audit';
import { fetchSettlements } from './record-settlements';
import { setTick } from './settlement-store';
import { settlementDetail, settlementList } from './settlement-view';

/** Paystack settles daily; asking every three hours sees a settlement the morning it is made, and its status move. */
const FETCH_EVERY_MS = 3 * 60 * 60_000;

export function scheduleSettlementFetch(app: FastifyInstance) {
  app.jobs.add({
    name: 'settlement-fetch',
    everyMs: FETCH_EVERY_MS,
    run: async (now) => {
      const result = await fetchSettlements(app, now);
      // A settlement that differs from our records is what the operator must look at: said in the log too.
      if (result.changed > 0) app.log.info(result, 'settlements fetched from Paystack');
      if (result.mismatched > 0)
        app.log.warn(result, 'settlements: Paystack and our records differ (Settlements page)');
      return result;
    },
  });
}

/**
 * Paystack's settlements to the company's bank, matched to our payments (decision 0058): the list, one settlement
 * with its lines, "Fetch now", and the operator's tick once the amount is found on the bank statement. Admin only.
 */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  scheduleSettlementFetch(app);

  app.get(
    '/admin/settlements',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Paystack's settlements to the bank, newest first: payments, fees, refunds and chargebacks deducted, the total, ours beside it",
        querystring: plainPageQuerySchema,
        response: { 200: settlementListSchema, ...errorResponses },
      },
    },
    async (request) => settlementList(app.db, request.query.page, request.query.pageSize),
  );

  app.get(
    '/admin/settlements/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'One settlement and its lines: each payment (Paystack beside ours), each refund and chargeback',
        params: idParams,
        response: { 200: settlementDetailSchema, 404: errorSchema, ...errorResponses },
      },
    },
    async (request) => settlementDetail(app.db, request.params.id),
  );

  app.post(
    '/admin/settlements/fetch',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Ask Paystack for its settlements now (GET /settlement and each one's transactions); audited",
        response: { 200: settlementFetchedSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      let result;
      try {
        result = await fetchSettlements(app, new Date());
      } catch (error) {
        if (error instanceof PaymentProviderError)
          throw new DomainError(
            'provider_unavailable',
            `Paystack could not be asked now (${error.message}). Nothing changed: try again in a few minutes.`,
          );
        throw error;
      }
      await recordAudit(app.db, {
        actorAccountId: signedIn(request).id,
        action: 'settlements_fetched',
        details: { ...result, address: request.ip },
      });
      const message =
        result.fetched === 0
          ? 'Paystack has no settlement in the period yet.'
          : `Paystack listed ${result.fetched} settlement${result.fetched === 1 ? '' : 's'}; ${result.changed} new or changed${result.mismatched > 0 ? `, ${result.mismatched} of them differing from our records` : ''}.`;
      return { message, ...result };
    },
  );

  app.post(
    '/admin/settlements/:id/tick',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Mark a settlement found (or not) on the bank statement; audited',
        params: idParams,
        body: settlementTickSchema,
        response: { 200: settlementDetailSchema, 404: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = signedIn(request);
      const ticked = request.body.ticked;
      const row = await app.db.transaction(async (tx) => {
        const updated = await setTick(
          tx,
          request.params.id,
          ticked ? admin.id : null,
          ticked ? new Date() : null,
        );
        if (updated)
          await recordAudit(tx, {
            actorAccountId: admin.id,
            action: ticked ? 'settlement_ticked' : 'settlement_unticked',
            details: { settlementId: request.params.id },
          });
        return updated;
      });
      if (!row) throw new DomainError('settlement_unknown', 'There is no settlement with this number.');
      return settlementDetail(app.db, request.params.id);
    },
  );
};
