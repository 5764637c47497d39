import { toNairaString } from '@coop/core';
import {
  latestTransactionsSchema,
  transactionAmountsSchema,
  userCountsSchema,
  latestTransactionsQuery,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePercent, dayWindows, TIME_ZONE } from './day-windows';
import { refundsDueTotals } from '../refunds/refunds-due';
import { keptAdminAnswers } from './kept-answers';
import { latestPayments, paidFeesKobo, paidMemberCounts, type DayFigures } from '../payments/payment-figures';

const money = (f: DayFigures) => ({
  total: toNairaString(f.total),
  today: toNairaString(f.today),
  previousDay: toNairaString(f.previousDay),
  changePercent: changePercent(f.today, f.previousDay),
});
const counts = (f: DayFigures) => ({ ...f, changePercent: changePercent(f.today, f.previousDay) });

/**
 * The admin dashboard's widgets and Latest Transactions: figures payments and refunds answer for, from their own
 * tables, kept until the admin figures' version moves.
 */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept = keptAdminAnswers();
  app.get(
    '/admin/adminTransactionAmount',
    {
      config: { access: 'admin', sessionCheckedInRead: true },
      schema: {
        tags: ['admin'],
        summary:
          'Registration fees paid and placed per programme (spec shape), with today against the previous day; refunds due apart',
        response: {
          200: transactionAmountsSchema,
        },
      },
    },
    async (request) => {
      const windows = dayWindows(new Date());
      return kept(app, request, `amounts ${windows.todayStart.toISOString()}`, async () => {
        const fees = await paidFeesKobo(app.db, windows);
        const refunds = await refundsDueTotals(app.db);
        const due = (r: { count: number; amountKobo: number }) => ({
          count: r.count,
          amount: toNairaString(r.amountKobo),
        });
        return {
          refundsDue: { main: due(refunds.main), welcomeBack: due(refunds.welcomeback) },
          numberOfMainUsers: [{ amount: toNairaString(fees.main.total) }],
          numberOfWelcomeBack: [{ amount: toNairaString(fees.welcomeback.total) }],
          main: money(fees.main),
          welcomeBack: money(fees.welcomeback),
          timeZone: TIME_ZONE,
        };
      });
    },
  );

  app.get(
    '/admin/countUsers',
    {
      config: { access: 'admin', sessionCheckedInRead: true },
      schema: {
        tags: ['admin'],
        summary:
          'Paid members per programme (spec shape), with new paid members today against the previous day',
        response: {
          200: userCountsSchema,
        },
      },
    },
    async (request) => {
      const windows = dayWindows(new Date());
      return kept(app, request, `members ${windows.todayStart.toISOString()}`, async () => {
        const members = await paidMemberCounts(app.db, windows);
        return {
          numberOfMainUsers: members.main.total,
          numberOfWelcomeBack: members.welcomeback.total,
          main: counts(members.main),
          welcomeBack: counts(members.welcomeback),
          timeZone: TIME_ZONE,
        };
      });
    },
  );

  app.get(
    '/admin/transactions/latest',
    {
      config: { access: 'admin', sessionCheckedInRead: true },
      schema: {
        tags: ['admin'],
        summary: 'The latest payments of both programmes, newest first',
        querystring: latestTransactionsQuery,
        response: {
          200: latestTransactionsSchema,
        },
      },
    },
    async (request) =>
      kept(app, request, `latest ${request.query.limit}`, async () => {
        const rows = await latestPayments(app.db, request.query.limit);
        return {
          items: rows.map(({ amountKobo, date, ...r }) => ({
            ...r,
            amount: toNairaString(amountKobo),
            date: date.toISOString(),
          })),
        };
      }),
  );
};
