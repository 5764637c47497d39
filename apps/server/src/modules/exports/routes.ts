import type { Programme } from '@coop/core';
import { errorResponses, exportPeriodSchema, memberExportQuerySchema, idParams } from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply as Reply } from 'fastify';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { csvStream } from './csv-stream';
import { findRun } from '../payouts/run-queries';
import {
  journalColumns,
  journalRecords,
  memberColumns,
  memberRecords,
  paymentColumns,
  paymentRecords,
  payoutColumns,
  payoutRecords,
  type Period,
} from './export-queries';

const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;
/** A period's days are Lagos days: from midnight of the first to midnight after the last. */
const lagosDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS);
const toPeriod = (q: { from: string; to: string; programme?: Programme | '' }): Period => ({
  start: lagosDayStart(q.from),
  end: new Date(lagosDayStart(q.to).getTime() + DAY_MS),
  programme: q.programme || undefined,
});

const csvSchema = (summary: string) => ({
  tags: ['admin'],
  summary,
  produces: ['text/csv'],
  response: errorResponses,
});

function sendCsv(reply: Reply, filename: string, body: NodeJS.ReadableStream) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** CSV exports for the accountant, streamed page by page from the database; each export is in the audit log. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = (actorAccountId: string, action: string, details: Record<string, unknown>) =>
    app.db.transaction((tx) => recordAudit(tx, { actorAccountId, action, details }));

  app.get(
    '/admin/exports/members',
    {
      config: { access: 'admin' },
      schema: {
        ...csvSchema('Members of a programme with stage, wallet and bank (masked), as CSV (audited)'),
        querystring: memberExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { programme } = request.query;
      await audit(signedIn(request).id, 'export_members', { programme });
      return sendCsv(
        reply,
        `members-${programme}.csv`,
        csvStream(memberRecords(app.db, programme), memberColumns, request.log),
      );
    },
  );

  app.get(
    '/admin/exports/payments',
    {
      config: { access: 'admin' },
      schema: {
        ...csvSchema('Payment attempts made in a period (Lagos days, inclusive), as CSV (audited)'),
        querystring: exportPeriodSchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      await audit(signedIn(request).id, 'export_payments', q);
      return sendCsv(
        reply,
        `payments-${q.programme || 'all'}-${q.from}-to-${q.to}.csv`,
        csvStream(paymentRecords(app.db, toPeriod(q)), paymentColumns, request.log),
      );
    },
  );

  app.get(
    '/admin/exports/journal',
    {
      config: { access: 'admin' },
      schema: {
        ...csvSchema(
          'Every ledger journal line of the entries made in a period (Lagos days, inclusive), as CSV (audited)',
        ),
        querystring: exportPeriodSchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      await audit(signedIn(request).id, 'export_journal', q);
      return sendCsv(
        reply,
        `journal-${q.programme || 'all'}-${q.from}-to-${q.to}.csv`,
        csvStream(journalRecords(app.db, toPeriod(q)), journalColumns, request.log),
      );
    },
  );

  app.get(
    '/admin/exports/payout-runs/:id',
    {
      config: { access: 'admin' },
      schema: {
        ...csvSchema("A payout run's payouts and outcomes (account numbers masked), as CSV (audited)"),
        params: idParams,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const run = await findRun(app.db, id);
      if (!run) throw new HttpError(404, 'There is no such payout run', 'run_not_found');
      await audit(signedIn(request).id, 'export_payout_run', { runId: id });
      return sendCsv(
        reply,
        `payout-run-${run.programme}-${run.period}.csv`,
        csvStream(payoutRecords(app.db, id), payoutColumns, request.log),
      );
    },
  );
};
