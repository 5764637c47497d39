import {
  approvalPendingAnswerSchema,
  bankFileRecordSchema,
  bankFileReversalSchema,
  errorSchema,
  payoutBatchSchema,
  approvalKeyHeaders,
  bankFileRecordedSchema,
  bankFileReversedSchema,
  idParams,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { findPendingBySubject } from '../approvals/approval-store';
import { HttpError } from '../../plugins/errors';
import { bankFileRecordApproval, bankFileReversalApproval } from './bank-file-approvals';
import { bankFile, batchLabel, openBankFile, recordSubject, runBatches } from './bank-file-batches';
import { reverseBankFile } from './bank-file-reversal';
import { checkBankAnswer, recordBankAnswer } from './record-bank-file';
import { findRun } from './run-queries';
import { batchView, runSummaryView } from './views';

/**
 * A bank-file run's files (decision 0039): each download is a batch of exactly the payouts to send now, with its
 * control total; what the bank paid is recorded per batch (above the threshold by two administrators), and a
 * mistaken record is corrected by an approved reversal. Admin only.
 */
export const bankFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(bankFileRecordApproval);
  app.approvalActs.add(bankFileReversalApproval);
  const reasonPrefix = `${app.config.site.shortName} bonus payout`;
  const batchOf = async (runId: number, batchId: number) =>
    batchView((await runBatches(app.db, runId)).find((b) => b.id === batchId)!);

  app.post(
    '/admin/payouts/runs/:id/bank-file',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Bank-file run: the open bank file, or a new one of exactly the payouts to send now (held for the run and in no file yet): its id and control total. A payout the bank paid, or one in a file not yet recorded, is never in another. 201 when made, 200 when the open one is given again',
        params: idParams,
        response: { 200: payoutBatchSchema, 201: payoutBatchSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { batchId, created } = await openBankFile(app.db, request.params.id, signedIn(request).id);
      return reply.status(created ? 201 : 200).send(await batchOf(request.params.id, batchId));
    },
  );

  app.get(
    '/admin/payouts/batches/:id/csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'An open bank file as CSV for the bank: HEADER, PAYMENT and TRAILER lines, the control total in the header and trailer (full account numbers; each download is in the audit log). A recorded file is not given again',
        params: idParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, csv } = await bankFile(app.db, request.params.id, signedIn(request).id, reasonPrefix);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/admin/payouts/batches/:id/record',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Record what the bank paid for a bank file: every payment paid except those listed, each with the bank's reason (their money goes back to the wallets). When the paid total is above APPROVAL_THRESHOLD_KOBO it waits for a second administrator (202) and nothing moves before",
        params: idParams,
        headers: approvalKeyHeaders,
        body: bankFileRecordSchema,
        response: {
          200: bankFileRecordedSchema,
          202: approvalPendingAnswerSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = { batchId: request.params.id, failed: request.body.failed };
      const { run, paidKobo } = await checkBankAnswer(app.db, answer);
      if (paidKobo > app.config.approvals.thresholdKobo && (await needsSecondAdministrator(app)))
        return reply
          .status(202)
          .send(
            await requestApproval(
              app,
              signedIn(request),
              bankFileRecordApproval,
              answer,
              request.headers['idempotency-key'],
            ),
          );
      // Another answer for this batch waits for a second administrator: one record per batch, so it is withdrawn first.
      const waiting = await findPendingBySubject(app.db, recordSubject(answer.batchId));
      if (waiting)
        throw new HttpError(
          409,
          `A record of ${batchLabel(answer.batchId)} waits for a second administrator (request #${waiting.id}): withdraw or decline it first.`,
          'record_waiting',
        );
      const result = await app.db.transaction((tx) =>
        recordBankAnswer(tx, answer, { makerId: signedIn(request).id, approvedBy: null }),
      );
      return {
        settled: result.settled,
        failed: result.failed,
        batch: await batchOf(run.id, answer.batchId),
        run: runSummaryView((await findRun(app.db, run.id))!),
      };
    },
  );

  app.post(
    '/admin/payouts/batches/:id/reversal',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Correct a recorded bank file: the payments listed were recorded the wrong way (paid when the bank did not pay, or the reverse). A second administrator approves (202); then each moves back in the ledger once, audited',
        params: idParams,
        headers: approvalKeyHeaders,
        body: bankFileReversalSchema,
        response: {
          200: bankFileReversedSchema,
          202: approvalPendingAnswerSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const ask = {
        batchId: request.params.id,
        payoutIds: request.body.payoutIds,
        reason: request.body.reason,
      };
      if (await needsSecondAdministrator(app))
        return reply
          .status(202)
          .send(
            await requestApproval(
              app,
              signedIn(request),
              bankFileReversalApproval,
              ask,
              request.headers['idempotency-key'],
            ),
          );
      const { corrected } = await app.db.transaction((tx) =>
        reverseBankFile(tx, ask, { makerId: signedIn(request).id, approvedBy: null }),
      );
      return {
        corrected,
        message: `The record is corrected for ${corrected} payment${corrected === 1 ? '' : 's'}.`,
      };
    },
  );
};
