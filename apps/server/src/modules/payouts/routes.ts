import { transferAttempts } from './attempt-trail';
import {
  approvalPendingAnswerSchema,
  errorSchema,
  payoutOtpSchema,
  payoutPreparedSchema,
  payoutPreviewSchema,
  payoutReleaseSchema,
  payoutRunDetailSchema,
  payoutRunProgressSchema,
  approvalKeyHeaders,
  idParams,
  messageAnswerSchema,
  payoutFinalizedSchema,
  payoutPreviewQuery,
  payoutRetryAnswerSchema,
  payoutRunBody,
  payoutRunPageSchema,
  payoutRunsQuery,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutsForRecord } from './member-record-part';
import { signedIn } from '../../plugins/auth';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { HttpError } from '../../plugins/errors';
import { isFuturePeriod } from './period';
import { previewPayout } from './preview';
import { releasePayout } from './release-payout';
import { finalizePayoutTransfer, resendPayoutOtp } from './transfer-otp';
import { payoutDeps as deps } from './payout-deps';
import { payoutRunApproval } from './payout-run-approval';
import { payoutRetryApproval } from './retry-approval';
import { monthsWaitingForApproval, schedulePayoutDay } from './payout-schedule';
import { addTransferMetrics } from './transfer-metrics';
import { scheduleTransferResume } from './resume-transfers';
import { handleTransferEvents } from './transfer-events';
import { retryPayoutRun, startPayoutRun, type RunProgress } from './run-payout';
import { transferStatusText } from './transfer-status';
import { findRun, listRuns, runPayouts } from './run-queries';
import { batchView, runPayoutView, runSummaryView } from './views';
import { bankFileRoutes } from './bank-file-routes';
import { runBatches } from './bank-file-batches';

const notFound = () => new HttpError(404, 'There is no such payout run', 'run_not_found');

function assertPayable(period: string) {
  if (isFuturePeriod(period, new Date()))
    throw new HttpError(
      400,
      'That month has not begun yet: choose this month or an earlier one',
      'future_period',
    );
}

/** The monthly bonus payout: preview, run (bank transfers or a bank file), follow, retry and release; bank files in bank-file-routes.ts. Admin only. */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(payoutRunApproval);
  app.approvalActs.add(payoutRetryApproval);
  app.memberRecordParts.payouts = payoutsForRecord;
  await app.register(bankFileRoutes);
  schedulePayoutDay(app);
  scheduleTransferResume(app);
  handleTransferEvents(app);
  addTransferMetrics(app);
  const withRun = async (progress: RunProgress) => ({
    ...progress,
    run: runSummaryView((await findRun(app.db, progress.runId))!),
  });

  app.get(
    '/admin/payouts/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Who a payout run of the month would pay, and who is left out and why',
        querystring: payoutPreviewQuery,
        response: { 200: payoutPreviewSchema },
      },
    },
    async (request) =>
      previewPayout(app.db, {
        ...request.query,
        minimumKobo: app.config.payout.minimumKobo,
      }),
  );

  app.get(
    '/admin/payouts/prepared',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Months the payout day (PAYOUT_DAY) prepared that wait for an administrator to run them',
        response: { 200: payoutPreparedSchema },
      },
    },
    async () => ({ items: await monthsWaitingForApproval(app) }),
  );

  app.post(
    '/admin/payouts/run',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Run a programme's payout for a month (once per month): reserve every payee's wallet, then transfer, or prepare the bank file",
        body: payoutRunBody,
        headers: approvalKeyHeaders,
        response: {
          201: payoutRunProgressSchema,
          202: approvalPendingAnswerSchema,
          400: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      assertPayable(request.body.period);
      // A second administrator approves the run before any wallet is reserved (approvals module).
      if (await needsSecondAdministrator(app))
        return reply.status(202).send(
          await requestApproval(
            app,
            signedIn(request),
            payoutRunApproval,
            {
              programme: request.body.programme,
              period: request.body.period,
              mode: request.body.mode ?? 'transfer',
            },
            request.headers['idempotency-key'],
          ),
        );
      const progress = await startPayoutRun(deps(app), {
        ...request.body,
        mode: request.body.mode ?? 'transfer',
        adminId: signedIn(request).id,
      });
      return reply.status(201).send(await withRun(progress));
    },
  );

  app.get(
    '/admin/payouts/runs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Payout runs, newest month first',
        querystring: payoutRunsQuery,
        response: { 200: payoutRunPageSchema },
      },
    },
    async (request) => {
      const { programme, page, pageSize } = request.query;
      const { total, items } = await listRuns(app.db, {
        programme,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { page, pageSize, total, items: items.map(runSummaryView) };
    },
  );

  app.get(
    '/admin/payouts/runs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A payout run with its payouts (bank name and last 4 digits only)',
        params: idParams,
        response: { 200: payoutRunDetailSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const run = await findRun(app.db, request.params.id);
      if (!run) throw notFound();
      const payouts = await runPayouts(app.db, run.id);
      const attempts = await transferAttempts(app.db, { runId: run.id });
      const batches = run.mode === 'csv' ? await runBatches(app.db, run.id) : [];
      return {
        ...runSummaryView(run),
        payouts: payouts.map((p) => runPayoutView(p, attempts)),
        batches: batches.map(batchView),
      };
    },
  );

  app.post(
    '/admin/payouts/runs/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Pay again, inside the run, every failed or reversed payout whose member now has confirmed bank details (a new reference, the money reserved again once), finish a run stopped halfway, send what is still reserved (same references: never paid twice) and ask the provider about transfers without an outcome. With approvals on, a payout to bank details saved after the run was approved, or within BANK_DETAILS_COOLING_OFF_HOURS, is held: `approval` is the request a second administrator must approve, showing the old and new account endings',
        params: idParams,
        headers: approvalKeyHeaders,
        response: {
          202: payoutRetryAnswerSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const admin = signedIn(request);
      const coolingOffStart = new Date(Date.now() - app.config.approvals.coolingOffMs);
      // Earlier of the run's approval and the cooling-off start: details saved after it are new to this run.
      const heldIfBankSavedAfter = (await needsSecondAdministrator(app))
        ? (_payoutId: number, runApprovedAt: Date) =>
            runApprovedAt < coolingOffStart ? runApprovedAt : coolingOffStart
        : undefined;
      const progress = await retryPayoutRun(deps(app), request.params.id, admin.id, { heldIfBankSavedAfter });
      if (progress.held.length === 0) return reply.status(202).send(await withRun(progress));
      const asked = await requestApproval(
        app,
        admin,
        payoutRetryApproval,
        { runId: request.params.id, payoutIds: progress.held },
        request.headers['idempotency-key'],
      );
      return reply
        .status(202)
        .send({ ...(await withRun(progress)), approval: asked.approval, message: asked.message });
    },
  );

  app.post(
    '/admin/payouts/:id/release',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Release a payout that will not be paid in its run, with a reason: a held payout's money goes back to the wallet (only if the provider has no such transfer); a failed one's is there already",
        params: idParams,
        body: payoutReleaseSchema,
        response: {
          200: messageAnswerSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      await releasePayout(app.db, app.payments, request.params.id, signedIn(request).id, request.body.reason);
      return {
        message:
          "The payout is released: it will not be paid in this run, and the money is in the member's wallet",
      };
    },
  );

  app.post(
    '/admin/payouts/:id/finalize',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Give Paystack the one-time code sent to the business's phone for a transfer waiting for it (Paystack's /transfer/finalize_transfer); its answer is applied once",
        params: idParams,
        body: payoutOtpSchema,
        response: {
          200: payoutFinalizedSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const status = await finalizePayoutTransfer(
        app.db,
        app.payments,
        request.params.id,
        signedIn(request).id,
        request.body.otp,
      );
      return { status, message: `Paystack accepted the code: ${transferStatusText(status)}` };
    },
  );

  app.post(
    '/admin/payouts/:id/resend-otp',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Ask Paystack to send a transfer's one-time code to the business's phone again (Paystack's /transfer/resend_otp)",
        params: idParams,
        response: {
          200: messageAnswerSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      await resendPayoutOtp(app.db, app.payments, request.params.id, signedIn(request).id);
      return { message: "Paystack has sent a new code to the business's phone" };
    },
  );
};
