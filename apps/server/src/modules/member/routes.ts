import { getPlan, stageName, programmeName } from '@coop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { KeptAnswers } from '../../lib/kept-answers';
import { keptFigures, ownDashboard } from './dashboard';
import { searchOwnMatrix } from '../engine/matrix-search';
import { ownMatrix, type MatrixAnswer } from './own-matrix';
import { ownWalletHistory, type WalletPage } from './wallet-history';
import {
  dashboardSchema,
  errorSchema,
  matrixSchema,
  matrixSearchQuerySchema,
  matrixSearchSchema,
  walletHistoryQuerySchema,
  walletHistorySchema,
  awardListAnswerSchema,
  matrixWindowQuery,
  programmeQuerySchema,
} from '@coop/core/contracts';

/**
 * What the signed-in account sees of itself; every figure is read from the engine, the ledger and the matrix.
 * No route here takes an account id or email: the account is always the one the access token names.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept = keptFigures();
  const matrices = new KeptAnswers<MatrixAnswer>();
  const walletPages = new KeptAnswers<WalletPage>();
  app.get(
    '/me',
    {
      config: { sessionCheckedInRead: true },
      schema: {
        tags: ['member'],
        summary:
          'The signed-in account’s dashboard for its programme (spec 3.3 fields, stage, progress, awards)',
        querystring: programmeQuerySchema,
        response: { 200: dashboardSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { account, dashboard: figures } = await ownDashboard(app, request, kept);
      if (request.query.programme && request.query.programme !== account.programme) {
        throw new HttpError(
          403,
          `You are signed in to the ${programmeName(account.programme)} platform. Sign in to the other platform to see it.`,
          'wrong_programme',
        );
      }
      return figures;
    },
  );

  app.get(
    '/me/wallet-history',
    {
      config: { sessionCheckedInRead: true },
      schema: {
        tags: ['member'],
        summary:
          'The signed-in account’s wallet, one line per bonus, deduction or payout, newest first; `kind` filters',
        querystring: walletHistoryQuerySchema,
        response: { 200: walletHistorySchema },
      },
    },
    async (request) => ownWalletHistory(app, request, walletPages, request.query),
  );

  app.get(
    '/me/matrix',
    {
      config: { sessionCheckedInRead: true },
      schema: {
        tags: ['member'],
        summary:
          'The signed-in account’s own matrix, a few levels from its position or from a position inside it',
        querystring: matrixWindowQuery,
        response: { 200: matrixSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const { from, levels } = request.query;
      const view = await ownMatrix(app, request, matrices, { fromPositionId: from, levels });
      if (view.status === 'forbidden')
        throw new HttpError(403, 'That position is not in your matrix.', 'not_your_matrix');
      if (view.status === 'unpaid')
        return { paid: false, rootPositionId: null, levels, nextLevel: null, nodes: [] };
      return view.answer;
    },
  );

  app.get(
    '/me/matrix/search',
    {
      schema: {
        tags: ['member'],
        summary:
          'People in the signed-in account’s own matrix whose first name or surname starts with `name`',
        querystring: matrixSearchQuerySchema,
        response: { 200: matrixSearchSchema },
      },
    },
    async (request) => {
      const account = signedIn(request);
      const people = await searchOwnMatrix(app.db, account.id, request.query.name);
      const plan = getPlan(account.programme);
      return { people: people.map((p) => ({ ...p, stageName: stageName(plan, p.stage) })) };
    },
  );

  app.get(
    '/me/awards',
    {
      config: { sessionCheckedInRead: true },
      schema: {
        tags: ['member'],
        summary: 'Each award the signed-in account has earned, with its fulfilment status',
        response: { 200: awardListAnswerSchema, 404: errorSchema },
      },
    },
    // The dashboard's kept figures carry the awards: one statement while they have not moved.
    async (request) => ({ awards: (await ownDashboard(app, request, kept)).dashboard.awards }),
  );
};
