import { toNairaString } from '@coop/core';
import {
  errorResponses,
  ledgerLinesQuerySchema,
  ledgerLinesSchema,
  liabilitiesQuerySchema,
  liabilitiesSchema,
  liabilityHistorySchema,
  refundsDueQuerySchema,
  refundsDueSchema,
  walletBalancesQuerySchema,
  walletBalancesSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { figureLinesPage, walletsInCreditPage } from '../ledger/ledger-lists';
import { payerOfPayment } from '../payments/payment-figures';
import { liabilities, liabilityHistory } from './liabilities';
import { refundsDue } from '../refunds/refunds-due';

const page = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

/** What the company owes (the operator's liability view), its last twelve months, and the lists behind each figure. Admin only. */
export const liabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/liabilities',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "What the company owes in a programme, from the ledger and the award table; owedNow is the sum of the programme's wallets",
        querystring: liabilitiesQuerySchema,
        response: { 200: liabilitiesSchema, ...errorResponses },
      },
    },
    async (request) => liabilities(app.db, request.query.programme, new Date()),
  );

  app.get(
    '/admin/liabilities/refunds-due',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Payments awaiting a refund (paid, but no position could be placed), newest first; the list a refund starts from',
        querystring: refundsDueQuerySchema,
        response: { 200: refundsDueSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { programme, ...paging } = request.query;
      const { total, items } = await refundsDue(app.db, { programme, ...page(paging) });
      return {
        ...paging,
        total,
        items: items.map(({ amountKobo, paidAt, ...r }) => ({
          ...r,
          amount: toNairaString(amountKobo),
          paidAt: paidAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.get(
    '/admin/liabilities/history',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Fees in, bonuses credited and paid out per month (Lagos months), the last twelve',
        querystring: liabilitiesQuerySchema,
        response: { 200: liabilityHistorySchema, ...errorResponses },
      },
    },
    async (request) => liabilityHistory(app.db, request.query.programme, new Date()),
  );

  app.get(
    '/admin/liabilities/lines',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The journal lines behind a liability figure (fees, bonuses, paid out, reserved), newest first; they sum to the figure',
        querystring: ledgerLinesQuerySchema,
        response: { 200: ledgerLinesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { programme, kind, ...paging } = request.query;
      const { total, items } = await figureLinesPage(app.db, programme, kind, page(paging), payerOfPayment);
      return {
        ...paging,
        total,
        items: items.map(({ amountKobo, createdAt, ...r }) => ({
          ...r,
          amount: toNairaString(amountKobo),
          createdAt: createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/admin/liabilities/wallets',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Wallets holding money in a programme, largest first; they sum to owedNow',
        querystring: walletBalancesQuerySchema,
        response: { 200: walletBalancesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { programme, ...paging } = request.query;
      const { total, items } = await walletsInCreditPage(app.db, programme, page(paging));
      return {
        ...paging,
        total,
        items: items.map(({ balanceKobo, ...r }) => ({ ...r, balance: toNairaString(balanceKobo) })),
      };
    },
  );
};
