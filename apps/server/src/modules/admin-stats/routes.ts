import { toNairaString } from '@coop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePercent, dayWindows, TIME_ZONE } from './day-windows';
import { latestPayments, paidFeesKobo, paidMemberCounts, type DayFigures } from './queries';

const moneyFigures = z.object({
  total: z.string().describe('naira, all time'),
  today: z.string().describe('naira, since midnight in Lagos'),
  previousDay: z.string().describe('naira, the whole previous day'),
  changePercent: z
    .number()
    .nullable()
    .describe('today against the previous day; null when the previous day had none'),
});
const countFigures = z.object({
  total: z.number(),
  today: z.number(),
  previousDay: z.number(),
  changePercent: z.number().nullable(),
});

const money = (f: DayFigures) => ({
  total: toNairaString(f.total),
  today: toNairaString(f.today),
  previousDay: toNairaString(f.previousDay),
  changePercent: changePercent(f.today, f.previousDay),
});
const counts = (f: DayFigures) => ({ ...f, changePercent: changePercent(f.today, f.previousDay) });

/** The admin dashboard's widgets and Latest Transactions, computed from the payments table at each call. */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/adminTransactionAmount',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Registration fees paid per programme (spec shape), with today against the previous day',
        response: {
          200: z.object({
            numberOfMainUsers: z.array(z.object({ amount: z.string() })),
            numberOfWelcomeBack: z.array(z.object({ amount: z.string() })),
            main: moneyFigures,
            welcomeBack: moneyFigures,
            timeZone: z.string(),
          }),
        },
      },
    },
    async () => {
      const fees = await paidFeesKobo(app.db, dayWindows(new Date()));
      return {
        numberOfMainUsers: [{ amount: toNairaString(fees.main.total) }],
        numberOfWelcomeBack: [{ amount: toNairaString(fees.welcomeback.total) }],
        main: money(fees.main),
        welcomeBack: money(fees.welcomeback),
        timeZone: TIME_ZONE,
      };
    },
  );

  app.get(
    '/admin/countUsers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Paid members per programme (spec shape), with new paid members today against the previous day',
        response: {
          200: z.object({
            numberOfMainUsers: z.number(),
            numberOfWelcomeBack: z.number(),
            main: countFigures,
            welcomeBack: countFigures,
            timeZone: z.string(),
          }),
        },
      },
    },
    async () => {
      const members = await paidMemberCounts(app.db, dayWindows(new Date()));
      return {
        numberOfMainUsers: members.main.total,
        numberOfWelcomeBack: members.welcomeback.total,
        main: counts(members.main),
        welcomeBack: counts(members.welcomeback),
        timeZone: TIME_ZONE,
      };
    },
  );

  app.get(
    '/admin/transactions/latest',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The latest payments of both programmes, newest first',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
        response: {
          200: z.object({
            items: z.array(
              z.object({
                reference: z.string(),
                name: z.string(),
                email: z.string(),
                programme: z.enum(['main', 'welcomeback']),
                amount: z.string(),
                status: z.enum(['pending', 'paid', 'failed', 'abandoned']),
                date: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const rows = await latestPayments(app.db, request.query.limit);
      return {
        items: rows.map(({ amountKobo, date, ...r }) => ({
          ...r,
          amount: toNairaString(amountKobo),
          date: date.toISOString(),
        })),
      };
    },
  );
};
