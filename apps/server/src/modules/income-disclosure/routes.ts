import {
  errorSchema,
  incomeDisclosurePublicationSchema,
  incomeDisclosureQuery,
  incomeDisclosureSchema,
  publishedIncomeDisclosuresSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { incomeDisclosureCsv } from './disclosure-csv';
import { incomeDisclosure, publishedIncomeDisclosures, setPublication } from './publications';

/** The income disclosure statement (decision 0032): for administrators, as CSV, and on the public site once published. */
export const incomeDisclosureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.publicPageData.incomeDisclosures = async () => ({
    statements: await publishedIncomeDisclosures(app.db),
  });

  app.get(
    '/admin/income-disclosure',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A programme's income disclosure statement for a year, from the ledger (kobo)",
        querystring: incomeDisclosureQuery,
        response: { 200: incomeDisclosureSchema },
      },
    },
    async (request) => incomeDisclosure(app.db, request.query.programme, request.query.year),
  );

  app.get(
    '/admin/income-disclosure/csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The same statement as a CSV file',
        querystring: incomeDisclosureQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { programme, year } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="income-disclosure-${programme}-${year}.csv"`)
        .header('cache-control', 'no-store')
        .send(incomeDisclosureCsv(await incomeDisclosure(app.db, programme, year)));
    },
  );

  app.put(
    '/admin/income-disclosure/:programme/:year/publication',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Publish the statement on the public site, or take it off (audited)',
        params: incomeDisclosureQuery,
        body: incomeDisclosurePublicationSchema,
        response: { 200: incomeDisclosureSchema, 400: errorSchema },
      },
    },
    async (request) =>
      setPublication(
        app.db,
        signedIn(request).id,
        request.params.programme,
        request.params.year,
        request.body.published,
      ),
  );

  app.get(
    '/income-disclosures',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'The income disclosure statements an administrator published',
        response: { 200: publishedIncomeDisclosuresSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { statements: await publishedIncomeDisclosures(app.db) };
    },
  );
};
