import { toNairaString } from '@coop/core';
import {
  approvalListSchema,
  approvalDetailSchema,
  approvalSchema,
  approvalSettingsSchema,
  approvalsWaitingSchema,
  declineApprovalSchema,
  errorSchema,
  idParams,
  approvalListQuerySchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { addApprovalMetrics } from './approval-metrics';
import { scheduleApprovalReminders } from './approval-notices';
import {
  approvalDetailView,
  approvalView,
  countWaitingFor,
  findApproval,
  listApprovals,
  overlapsOf,
} from './approval-store';
import { approveRequest, declineRequest } from './decide-approval';
import { scheduleNoticePeriods } from './notice-periods';
import { needsSecondAdministrator } from './request-approval';

const admin = { access: 'admin' } as const;

/** The Approvals screen: requests that wait for a second administrator, and their decisions. */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  scheduleApprovalReminders(app);
  scheduleNoticePeriods(app);
  addApprovalMetrics(app);
  app.get(
    '/admin/approvals/settings',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'How approvals and two-factor sign-in are set on this deployment',
        response: { 200: approvalSettingsSchema },
      },
    },
    async () => ({
      singleAdmin: !(await needsSecondAdministrator(app)),
      cashOutThreshold: toNairaString(app.config.approvals.thresholdKobo),
      twoFactor: app.config.adminTwoFactor,
    }),
  );

  app.get(
    '/admin/approvals',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Approval requests, pending first, newest first',
        querystring: approvalListQuerySchema,
        response: { 200: approvalListSchema },
      },
    },
    async (request) => {
      const { status, page, pageSize } = request.query;
      const { total, items } = await listApprovals(app.db, {
        status,
        limit: pageSize,
        offset: (page - 1) * pageSize,
        card: app.approvalActs.cardSql(),
      });
      const overlaps = await overlapsOf(
        app.db,
        items.filter((row) => row.status === 'pending').map((row) => Number(row.id)),
      );
      return {
        page,
        pageSize,
        total,
        items: items.map((row) => approvalView(row, overlaps.get(Number(row.id)))),
      };
    },
  );

  app.get(
    '/admin/approvals/waiting',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'How many requests wait for the signed-in administrator (not their own): the count on the admin menu',
        response: { 200: approvalsWaitingSchema },
      },
    },
    async (request) => ({ waiting: await countWaitingFor(app.db, signedIn(request).id) }),
  );

  app.get(
    '/admin/approvals/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'One request with the preview its maker saw, frozen when asked: the payees, amounts and account endings approval carries out',
        params: idParams,
        response: { 200: approvalDetailSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const row = await findApproval(app.db, request.params.id, { card: app.approvalActs.cardSql() });
      if (!row) throw new HttpError(404, 'There is no such approval request.', 'approval_unknown');
      return approvalDetailView(
        row,
        row.status === 'pending' ? (await overlapsOf(app.db, [Number(row.id)])).get(Number(row.id)) : [],
      );
    },
  );

  app.post(
    '/admin/approvals/:id/approve',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Approve another administrator’s request: the act is carried out once (audited)',
        params: idParams,
        response: {
          200: approvalSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request) => approveRequest(app, signedIn(request), request.params.id),
  );

  app.post(
    '/admin/approvals/:id/decline',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Decline a request with a reason: nothing is done (audited)',
        params: idParams,
        body: declineApprovalSchema,
        response: { 200: approvalSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => declineRequest(app, signedIn(request), request.params.id, request.body.reason),
  );
};
