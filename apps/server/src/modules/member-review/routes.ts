import {
  adminMatrixSchema,
  confirmEmailChangeSchema,
  memberCorrectionSchema,
  approvalPendingAnswerSchema,
  clearFlagGroupSchema,
  clearFlagSchema,
  closeAccountSchema,
  errorResponses,
  errorSchema,
  fraudFlagGroupListSchema,
  fraudFlagListSchema,
  holdFlagSchema,
  inactiveAccountListSchema,
  memberRecordSchema,
  pageQuerySchema,
  reinstateAccountSchema,
  suspendAccountSchema,
  accountParams,
  approvalKeyHeaders,
  emailChangeConfirmedSchema,
  flagGroupClearedSchema,
  fraudFlagListQuerySchema,
  idParams,
  matrixWindowQuery,
  memberCorrectedSchema,
  messageAnswerSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { limits, rateLimited } from '../../plugins/rate-limits';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { closeAccount, reinstateAccount, suspendAccount } from './account-status';
import { adminMatrix } from './admin-matrix';
import { closureApproval } from './closure-approval';
import { confirmEmailChange, correctDetails } from './correct-details';
import { clearFlag, clearFlagGroup, holdFlag, listFlagGroups, listFlags } from './flag-review';
import { inactiveAccounts } from './inactive-accounts';
import { memberRecord } from './member-record';

const admin = { access: 'admin' as const };
const responses = { ...errorResponses, 404: errorSchema };

/** The member record, suspension and reinstatement, fraud signals and the inactivity review (administrators only). */
export const memberReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(closureApproval);
  const recordOf = async (id: string) => {
    const record = await memberRecord(app.db, id, app.memberRecordParts);
    if (!record) throw new HttpError(404, 'No such account.', 'account_unknown');
    return record;
  };

  app.get(
    '/admin/members/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'One account’s full record',
        params: accountParams,
        response: { 200: memberRecordSchema, ...responses },
      },
    },
    async (request) => recordOf(request.params.id),
  );

  app.get(
    '/admin/members/:id/matrix',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'The matrix from the account’s position down, a few levels at a time, with names',
        params: accountParams,
        querystring: matrixWindowQuery,
        response: { 200: adminMatrixSchema, ...responses },
      },
    },
    async (request) => {
      const { programme } = await recordOf(request.params.id);
      const { from, levels } = request.query;
      const view = await adminMatrix(
        app.db,
        { id: request.params.id, programme },
        { fromPositionId: from, levels },
      );
      if (view.status === 'forbidden')
        throw new HttpError(400, 'That position is not in this member’s matrix.', 'not_in_matrix');
      if (view.status === 'unpaid')
        return { paid: false, rootPositionId: null, levels, nextLevel: null, nodes: [] };
      return {
        paid: true,
        rootPositionId: view.rootPositionId,
        levels,
        nextLevel: view.nextLevel,
        nodes: view.nodes,
      };
    },
  );

  app.post(
    '/admin/members/:id/suspend',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Suspend an account (audited): its sessions end, it earns and is paid nothing',
        params: accountParams,
        body: suspendAccountSchema,
        response: { 200: memberRecordSchema, ...responses },
      },
    },
    async (request) => {
      const actor = signedIn(request);
      await app.db.transaction((tx) =>
        suspendAccount(tx, { accountId: request.params.id, actorAccountId: actor.id, ...request.body }),
      );
      request.log.info({ accountId: request.params.id, reason: request.body.reason }, 'account suspended');
      return recordOf(request.params.id);
    },
  );

  app.post(
    '/admin/members/:id/reinstate',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Reinstate a suspended account (audited)',
        params: accountParams,
        body: reinstateAccountSchema,
        response: { 200: memberRecordSchema, ...responses },
      },
    },
    async (request) => {
      const actor = signedIn(request);
      await app.db.transaction((tx) =>
        reinstateAccount(tx, {
          accountId: request.params.id,
          actorAccountId: actor.id,
          note: request.body.note,
        }),
      );
      request.log.info({ accountId: request.params.id }, 'account reinstated');
      return recordOf(request.params.id);
    },
  );

  app.post(
    '/admin/members/:id/close',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Close an account for one of the terms’ reasons (audited, mailed); waits for a second administrator (202)',
        params: accountParams,
        headers: approvalKeyHeaders,
        body: closeAccountSchema,
        response: { 200: memberRecordSchema, 202: approvalPendingAnswerSchema, ...responses },
      },
    },
    async (request, reply) => {
      const actor = signedIn(request);
      const ask = { accountId: request.params.id, ...request.body };
      if (await needsSecondAdministrator(app))
        return reply
          .status(202)
          .send(await requestApproval(app, actor, closureApproval, ask, request.headers['idempotency-key']));
      // One administrator by configuration: the act is checked as the approval would check it, then done.
      await closureApproval.describe(app, actor, ask);
      await app.db.transaction((tx) => closeAccount(tx, { ...ask, actorAccountId: actor.id }));
      request.log.info(
        { accountId: ask.accountId, reason: ask.reason },
        'account closed by an administrator',
      );
      return recordOf(ask.accountId);
    },
  );

  app.put(
    '/admin/members/:id/details',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Correct a member’s name, phone and email (audited, mailed to the member); a new email waits for the new address to confirm it',
        params: accountParams,
        body: memberCorrectionSchema,
        response: {
          200: memberCorrectedSchema,
          ...responses,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const actor = signedIn(request);
      const done = await app.db.transaction((tx) =>
        correctDetails(tx, {
          ...request.body,
          accountId: request.params.id,
          who: { by: 'staff', actorAccountId: actor.id, reason: request.body.reason },
        }),
      );
      const corrected = done.corrected.map(
        (f) => ({ fullName: 'the name', phone: 'the phone number', address: 'the address' })[f],
      );
      const parts = [
        corrected.length > 0 ? `${corrected.join(' and ')} corrected` : null,
        done.emailPending ? `a link sent to ${done.emailPending}: the email changes when it is used` : null,
      ].filter(Boolean);
      const message = `${parts.join('; ')}. The member is told at the address on file.`;
      return {
        message: message.charAt(0).toUpperCase() + message.slice(1),
        record: await recordOf(request.params.id),
      };
    },
  );

  app.post(
    '/auth/confirm-email-change',
    {
      config: { public: true },
      preHandler: rateLimited(app, 'confirm-email-change', limits.mailedToken),
      schema: {
        tags: ['auth'],
        summary: 'Confirm a corrected email from the link mailed to the new address',
        body: confirmEmailChangeSchema,
        response: {
          200: emailChangeConfirmedSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { programme } = await app.db.transaction((tx) => confirmEmailChange(tx, request.body.token));
      return { message: 'Your new email address is confirmed. Sign in with it from now on.', programme };
    },
  );

  app.get(
    '/admin/flags',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Fraud signals for review, newest first: open ones, or cleared ones',
        querystring: fraudFlagListQuerySchema,
        response: { 200: fraudFlagListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page, pageSize, state } = request.query;
      const { total, items } = await listFlags(app.db, {
        state,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { page, pageSize, total, items };
    },
  );

  app.post(
    '/admin/flags/:id/clear',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Clear a fraud signal with a note (audited); the account’s payouts resume when none is open',
        params: idParams,
        body: clearFlagSchema,
        response: { 200: messageAnswerSchema, ...responses },
      },
    },
    async (request) => {
      const actor = signedIn(request);
      await app.db.transaction((tx) =>
        clearFlag(tx, { flagId: request.params.id, actorAccountId: actor.id, note: request.body.note }),
      );
      return { message: 'The flag is cleared.' };
    },
  );

  app.post(
    '/admin/flags/:id/hold',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Hold the account’s payouts on a signal that does not hold them by itself, with a note (audited)',
        params: idParams,
        body: holdFlagSchema,
        response: { 200: messageAnswerSchema, ...responses },
      },
    },
    async (request) => {
      const actor = signedIn(request);
      await app.db.transaction((tx) =>
        holdFlag(tx, { flagId: request.params.id, actorAccountId: actor.id, note: request.body.note }),
      );
      return { message: 'The account’s payouts now wait until this flag is cleared.' };
    },
  );

  app.get(
    '/admin/flag-groups',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Open signals raised together (everyone from one address within one hour), largest group first',
        response: { 200: fraudFlagGroupListSchema, ...errorResponses },
      },
    },
    async () => ({ items: await listFlagGroups(app.db) }),
  );

  app.post(
    '/admin/flag-groups/clear',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Clear every open signal of one group with one note (each flag and the group audited)',
        body: clearFlagGroupSchema,
        response: { 200: flagGroupClearedSchema, ...responses },
      },
    },
    async (request) => {
      const actor = signedIn(request);
      const cleared = await app.db.transaction((tx) =>
        clearFlagGroup(tx, {
          groupKey: request.body.groupKey,
          actorAccountId: actor.id,
          note: request.body.note,
        }),
      );
      return { message: `${cleared} ${cleared === 1 ? 'signal is' : 'signals are'} cleared.`, cleared };
    },
  );

  app.get(
    '/admin/inactive-accounts',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary:
          'Active accounts with no sign-in and no payment for 12 months, for an administrator to decide on',
        querystring: pageQuerySchema,
        response: { 200: inactiveAccountListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const list = await inactiveAccounts(app.db, new Date(), {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { page, pageSize, total: list.total, cutoff: list.cutoff.toISOString(), items: list.items };
    },
  );
};
